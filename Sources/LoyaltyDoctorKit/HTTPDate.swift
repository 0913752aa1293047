import LoyaltyCore

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// Reads the `Date` header's IMF-fixdate form (RFC 9110): `Sun, 06 Nov 1994 08:49:37 GMT`.
package enum HTTPDate {
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The date `text` names, or `nil` when it is not an IMF-fixdate.
  package static func parse(_ text: String) -> Date? {
    let parts = text.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
      let day = Int(parts[1]), (1...31).contains(day),
      let monthIndex = months.firstIndex(of: String(parts[2])),
      let year = Int(parts[3]), parts[3].count == 4
    else { return nil }
    let time = parts[4].split(separator: ":")
    guard time.count == 3, let hour = Int(time[0]), let minute = Int(time[1]),
      let second = Int(time[2]), (0..<24).contains(hour), (0..<60).contains(minute),
      (0...60).contains(second)
    else { return nil }
    let days = CivilCalendar.days(year: year, month: monthIndex + 1, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}
