#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension CouponSet {
  /// When the set's coupons expire, written with `format` (``LoyaltyDate/displayFormat``,
  /// `dd/MM/yyyy`, by default, the seed's `_expiration_formatted`); `nil` when the server
  /// sent no expiration.
  /// - Parameters:
  ///   - format: The pattern, as ``LoyaltyDate/display(_:format:timeZone:names:)`` takes it.
  ///   - timeZone: The zone the day is counted in; the device's by default.
  ///   - names: Month and weekday names; English by default.
  public func formattedExpiration(
    format: String = LoyaltyDate.displayFormat, timeZone: TimeZone = .current,
    names: LoyaltyDate.Names = .english
  ) -> String? {
    expiration.map { LoyaltyDate.display($0, format: format, timeZone: timeZone, names: names) }
  }
}
