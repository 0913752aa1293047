import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Parses the date formats the loyalty backend sends, without `DateFormatter`.
///
/// Accepted: `yyyy-MM-dd`, `yyyy-MM-dd HH:mm`, `yyyy-MM-dd HH:mm:ss`, with a space or a
/// `T` between date and time, optional fractional seconds of any length
/// (`.SSSSSS`), and an optional zone (`Z`, `+02:00`, `+0200`, `-05`). Dates without a
/// zone are UTC.
public enum LoyaltyDate {
  /// The date `text` denotes, or `nil` when it matches no accepted format.
  public static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { all in
      var count = all.count
      while count > 0, all[count - 1] == UInt8(ascii: " ") { count -= 1 }
      return parse(UnsafeBufferPointer(rebasing: all[0..<count]))
    }
  }

  /// The date the UTF-8 `bytes` denote, without trailing spaces.
  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    var cursor = Cursor(bytes: bytes)

    guard let year = cursor.number(4), cursor.expect(UInt8(ascii: "-")),
      let month = cursor.number(2), cursor.expect(UInt8(ascii: "-")),
      let day = cursor.number(2), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
    var offset = 0
    if cursor.index < bytes.count {
      guard cursor.expect(UInt8(ascii: " ")) || cursor.expect(UInt8(ascii: "T")),
        let parsedHour = cursor.number(2), cursor.expect(UInt8(ascii: ":")),
        let parsedMinute = cursor.number(2), parsedHour < 24, parsedMinute < 60
      else { return nil }
      hour = parsedHour
      minute = parsedMinute
      if cursor.expect(UInt8(ascii: ":")) {
        guard let parsedSecond = cursor.number(2), parsedSecond < 61 else { return nil }
        second = parsedSecond
        if cursor.expect(UInt8(ascii: ".")) {
          var scale = 0.1
          var digits = 0
          while cursor.index < bytes.count, bytes[cursor.index] >= 48, bytes[cursor.index] <= 57 {
            fraction += Double(bytes[cursor.index] - 48) * scale
            scale /= 10
            cursor.index += 1
            digits += 1
          }
          guard digits > 0 else { return nil }
        }
      }
      if cursor.index < bytes.count {
        if cursor.expect(UInt8(ascii: "Z")) {
          offset = 0
        } else {
          let sign: Int
          if cursor.expect(UInt8(ascii: "+")) {
            sign = 1
          } else if cursor.expect(UInt8(ascii: "-")) {
            sign = -1
          } else {
            return nil
          }
          guard let zoneHours = cursor.number(2) else { return nil }
          _ = cursor.expect(UInt8(ascii: ":"))
          let zoneMinutes = cursor.number(2) ?? 0
          offset = sign * (zoneHours * 3_600 + zoneMinutes * 60)
        }
      }
      guard cursor.index == bytes.count else { return nil }
    }
    guard day <= daysInMonth(month, year: year) else { return nil }
    let days = CivilCalendar.days(year: year, month: month, day: day)
    let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset) + fraction
    return Date(timeIntervalSince1970: seconds)
  }

  /// `yyyy-MM-dd HH:mm:ss` in UTC, the backend's usual format.
  public static func format(_ date: Date) -> String {
    let total = Int(date.formattableSecondsSince1970.rounded(.down))
    let days = Int((Double(total) / 86_400).rounded(.down))
    let secondsOfDay = total - days * 86_400
    let (year, month, day) = CivilCalendar.date(days: days)
    let hour = secondsOfDay / 3_600
    let minute = secondsOfDay % 3_600 / 60
    let second = secondsOfDay % 60
    return String(
      cFormat: "%04ld-%02ld-%02ld %02ld:%02ld:%02ld", year, month, day, hour, minute, second)
  }

  /// A position in a date's bytes. A struct with mutating reads, not nested functions
  /// capturing a variable, so its accesses are checked at compile time, not at run time.
  private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func number(_ digits: Int) -> Int? {
      guard index + digits <= bytes.count else { return nil }
      var value = 0
      for offset in 0..<digits {
        let byte = bytes[index + offset]
        guard byte >= 48 && byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      index += digits
      return value
    }

    mutating func expect(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
  }

  private static func daysInMonth(_ month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
