import LoyaltyCore

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// Reads the three forms of an HTTP date (RFC 9110, section 5.6.7), in GMT, and writes
/// the preferred one, without `DateFormatter`:
/// - IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`;
/// - the obsolete RFC 850 form, `Sunday, 06-Nov-94 08:49:37 GMT`;
/// - the obsolete asctime form, `Sun Nov  6 08:49:37 1994`.
///
/// Day and month names are read without regard to case; the day name is not checked
/// against the date. `UTC` is accepted for `GMT`.
package enum HTTPDate {
  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]
  private static let shortDays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
  private static let longDays = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ]

  /// The date `text` holds, or `nil` when it is not an HTTP date.
  /// - Parameters:
  ///   - text: The header value.
  ///   - now: Resolves the two-digit years of the RFC 850 form: a year more than 50
  ///     years after `now` is taken to be in the previous century.
  package static func parse(_ text: String, now: Date) -> Date? {
    let fields = text.split(separator: " ")
    switch fields.count {
    case 6:
      // Sun, 06 Nov 1994 08:49:37 GMT
      guard fields[0].hasSuffix(","), name(fields[0].dropLast(), in: shortDays) != nil,
        let day = number(fields[1], digits: 1...2), let month = name(fields[2], in: months),
        let year = number(fields[3], digits: 4...4), isGMT(fields[5])
      else { return nil }
      return date(year: year, month: month + 1, day: day, time: fields[4])
    case 4:
      // Sunday, 06-Nov-94 08:49:37 GMT
      let parts = fields[1].split(separator: "-", omittingEmptySubsequences: false)
      guard fields[0].hasSuffix(","), name(fields[0].dropLast(), in: longDays) != nil,
        parts.count == 3, let day = number(parts[0], digits: 1...2),
        let month = name(parts[1], in: months), let shortYear = number(parts[2], digits: 2...2),
        isGMT(fields[3])
      else { return nil }
      let current = CivilCalendar.date(
        days: Int((now.formattableSecondsSince1970 / 86_400).rounded(.down)))
      var year = current.year - current.year % 100 + shortYear
      if year > current.year + 50 { year -= 100 }
      return date(year: year, month: month + 1, day: day, time: fields[2])
    case 5:
      // Sun Nov  6 08:49:37 1994
      guard name(fields[0], in: shortDays) != nil, let month = name(fields[1], in: months),
        let day = number(fields[2], digits: 1...2), let year = number(fields[4], digits: 4...4)
      else { return nil }
      return date(year: year, month: month + 1, day: day, time: fields[3])
    default:
      return nil
    }
  }

  /// `date` as an IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`: the form a `Date` header
  /// is sent in. Fractions of a second are dropped; a date outside the years 0 to 9999 is
  /// written as the nearest date inside them.
  package static func format(_ date: Date) -> String {
    let seconds = Int(date.formattableSecondsSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let rest = seconds - days * 86_400
    let (year, month, day) = CivilCalendar.date(days: days)
    // 1970-01-01 was a Thursday, index 3 of `shortDays`.
    let weekday = ((days % 7) + 7 + 3) % 7
    let dayName = titled(shortDays[weekday])
    let monthName = titled(months[month - 1])
    return "\(dayName), \(padded(day, 2)) \(monthName) \(padded(year, 4)) "
      + "\(padded(rest / 3_600, 2)):\(padded(rest % 3_600 / 60, 2)):\(padded(rest % 60, 2)) GMT"
  }

  /// `name` with its first letter in upper case: `sun` is `Sun`.
  private static func titled(_ name: String) -> String {
    name.prefix(1).uppercased() + name.dropFirst()
  }

  /// `value` in decimal, with leading zeros up to `width` digits.
  private static func padded(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }

  /// The date at `time` (`HH:mm:ss`) on a valid calendar day, in GMT.
  private static func date(year: Int, month: Int, day: Int, time: Substring) -> Date? {
    let parts = time.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hour = number(parts[0], digits: 2...2),
      let minute = number(parts[1], digits: 2...2), let second = number(parts[2], digits: 2...2),
      hour < 24, minute < 60, second < 60, (1...31).contains(day)
    else { return nil }
    let days = CivilCalendar.days(year: year, month: month, day: day)
    guard CivilCalendar.date(days: days) == (year, month, day) else { return nil }
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// The decimal number `text` spells with a digit count in `digits`.
  private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
    guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return nil }
    return Int(text)
  }

  /// The index of `text` in `names` (lowercase), ignoring case.
  private static func name(_ text: Substring, in names: [String]) -> Int? {
    names.firstIndex(of: text.lowercased())
  }

  private static func isGMT(_ text: Substring) -> Bool {
    text == "GMT" || text == "UTC"
  }
}
