import Foundation
import LoyaltyMarket
import Testing

/// Bad input: dates beyond any calendar are written clamped, never a crash.
@Suite("Dates beyond the calendar")
struct ExtremeDateTests {
  @Test(
    "dates beyond Int's range of seconds are written clamped to the years 0 to 9999",
    arguments: [1e19, -1e19, 1e308, -1e308, Double.infinity, -Double.infinity, Double.nan])
  func format(seconds: Double) {
    let text = LoyaltyDate.format(Date(timeIntervalSince1970: seconds))
    #expect(text.count == 19)
    if seconds > 0 { #expect(text == "9999-12-31 23:59:59") }
    if seconds < 0 { #expect(text == "0000-01-01 00:00:00") }
  }
}
