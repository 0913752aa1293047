#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

extension Date {
  /// The earliest date the calendar formatters write: 0000-01-01 00:00:00 UTC.
  package static let earliestFormattable = Date(timeIntervalSince1970: -62_167_219_200)
  /// The latest date the calendar formatters write: 9999-12-31 23:59:59 UTC.
  package static let latestFormattable = Date(timeIntervalSince1970: 253_402_300_799)

  /// Seconds since 1970 clamped to the years 0 to 9999, so that day arithmetic on them
  /// cannot overflow; 0 for a date that is not a number.
  package var formattableSecondsSince1970: Double {
    let seconds = timeIntervalSince1970
    guard !seconds.isNaN else { return 0 }
    return min(
      max(seconds, Self.earliestFormattable.timeIntervalSince1970),
      Self.latestFormattable.timeIntervalSince1970)
  }
}
