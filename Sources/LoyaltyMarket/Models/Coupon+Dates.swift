#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension Coupon {
  /// When the coupon was created, written with `format` (``LoyaltyDate/displayFormat``,
  /// `dd/MM/yyyy`, by default); `nil` when the server sent no date.
  /// - Parameters:
  ///   - format: The pattern, as ``LoyaltyDate/display(_:format:timeZone:names:)`` takes it.
  ///   - timeZone: The zone the day is counted in; the device's by default.
  ///   - names: Month and weekday names; English by default.
  public func formattedCreated(
    format: String = LoyaltyDate.displayFormat, timeZone: TimeZone = .current,
    names: LoyaltyDate.Names = .english
  ) -> String? {
    created.map { LoyaltyDate.display($0, format: format, timeZone: timeZone, names: names) }
  }

  /// When the coupon expires, written with `format` (``LoyaltyDate/displayFormat``,
  /// `dd/MM/yyyy`, by default); `nil` when the server sent no date.
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

  /// When the coupon was redeemed, written with `format` (``LoyaltyDate/displayFormat``,
  /// `dd/MM/yyyy`, by default); `nil` when the server sent no date.
  /// - Parameters:
  ///   - format: The pattern, as ``LoyaltyDate/display(_:format:timeZone:names:)`` takes it.
  ///   - timeZone: The zone the day is counted in; the device's by default.
  ///   - names: Month and weekday names; English by default.
  public func formattedRedeemedDate(
    format: String = LoyaltyDate.displayFormat, timeZone: TimeZone = .current,
    names: LoyaltyDate.Names = .english
  ) -> String? {
    redeemedDate.map { LoyaltyDate.display($0, format: format, timeZone: timeZone, names: names) }
  }
}
