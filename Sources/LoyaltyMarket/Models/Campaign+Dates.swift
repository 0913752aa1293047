#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension Campaign {
  /// When the campaign starts, written with `format` (``LoyaltyDate/displayFormat``,
  /// `dd/MM/yyyy`, by default); `nil` when the server sent no start date.
  /// - Parameters:
  ///   - format: The pattern, as ``LoyaltyDate/display(_:format:timeZone:names:)`` takes it.
  ///   - timeZone: The zone the day is counted in; the device's by default.
  ///   - names: Month and weekday names; English by default.
  public func formattedStartDate(
    format: String = LoyaltyDate.displayFormat, timeZone: TimeZone = .current,
    names: LoyaltyDate.Names = .english
  ) -> String? {
    startDate.map { LoyaltyDate.display($0, format: format, timeZone: timeZone, names: names) }
  }

  /// When the campaign ends, written with `format` (``LoyaltyDate/displayFormat``,
  /// `dd/MM/yyyy`, by default); `nil` when the server sent no end date.
  /// - Parameters:
  ///   - format: The pattern, as ``LoyaltyDate/display(_:format:timeZone:names:)`` takes it.
  ///   - timeZone: The zone the day is counted in; the device's by default.
  ///   - names: Month and weekday names; English by default.
  public func formattedEndDate(
    format: String = LoyaltyDate.displayFormat, timeZone: TimeZone = .current,
    names: LoyaltyDate.Names = .english
  ) -> String? {
    endDate.map { LoyaltyDate.display($0, format: format, timeZone: timeZone, names: names) }
  }
}
