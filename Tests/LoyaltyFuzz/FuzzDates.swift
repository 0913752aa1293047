import Foundation
import LoyaltyMarket
import LoyaltyNetwork

enum FuzzDates {
  private static let now = Date(timeIntervalSince1970: 1_700_000_000)

  static func run(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    _ = HTTPDate.parse(text, now: now)
    _ = RetryPolicy.retryAfter(text, now: now)
    if let date = LoyaltyDate.parse(text) {
      // The backend's usual format reads back as the same second.
      let formatted = LoyaltyDate.format(date)
      let again = LoyaltyDate.parse(formatted)
      check(
        again.map { abs($0.timeIntervalSince(date)) < 1 } ?? false
          // A zone can move a date out of the years 0000 to 9999, which do not format.
          || date.timeIntervalSince1970 < -62_167_219_200
          || date.timeIntervalSince1970 >= 253_402_300_800,
        "\(text) formats as \(formatted), which reads back as \(String(describing: again))")
    }
  }
}
