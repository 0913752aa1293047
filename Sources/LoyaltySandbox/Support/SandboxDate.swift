import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The date formats the backend sends, written without a `DateFormatter` so fixtures are
/// fast to build and identical everywhere. Every date is in UTC.
enum SandboxDate {
  /// How a date is written.
  enum Style {
    /// `yyyy-MM-dd HH:mm:ss`: campaigns, coupons, transactions, points.
    case seconds
    /// `yyyy-MM-dd HH:mm`: coupon set expiration.
    case minutes
    /// `yyyy-MM-dd HH:mm:ss.SSSSSS`: redemption dates.
    case microseconds
    /// `yyyy-MM-dd HH:mm:ss+00:00`: coupon creation.
    case offset
    /// `yyyy-MM-dd`: birthdays.
    case day
  }

  /// `date` written in `style`.
  static func format(_ date: Date, _ style: Style) -> String {
    let total = date.formattableSecondsSince1970
    let seconds = Int(total.rounded(.down))
    let micros = min(999_999, Int(((total - Double(seconds)) * 1_000_000).rounded(.down)))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let rest = seconds - days * 86_400
    let (year, month, day) = CivilCalendar.date(days: days)
    let dayText = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    let time = "\(pad(rest / 3_600, 2)):\(pad(rest % 3_600 / 60, 2))"
    switch style {
    case .day: return dayText
    case .minutes: return "\(dayText) \(time)"
    case .seconds: return "\(dayText) \(time):\(pad(rest % 60, 2))"
    case .microseconds: return "\(dayText) \(time):\(pad(rest % 60, 2)).\(pad(micros, 6))"
    case .offset: return "\(dayText) \(time):\(pad(rest % 60, 2))+00:00"
    }
  }

  /// Parses an ISO 8601 timestamp in UTC (`2026-11-21T10:00:00Z`, with optional
  /// fractional seconds), as analytics events carry.
  static func parseISO8601(_ text: String) -> Date? {
    let scalars = Array(text.utf8)
    guard scalars.count >= 20, scalars.last == UInt8(ascii: "Z"), scalars[4] == UInt8(ascii: "-"),
      scalars[7] == UInt8(ascii: "-"), scalars[10] == UInt8(ascii: "T"),
      scalars[13] == UInt8(ascii: ":"), scalars[16] == UInt8(ascii: ":")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let byte = scalars[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    if scalars.count > 20 {
      // Any number of fractional digits: checked, not summed, so none can overflow.
      guard scalars[19] == UInt8(ascii: "."), scalars.count > 21,
        scalars[20..<(scalars.count - 1)].allSatisfy({ (0x30...0x39).contains($0) })
      else { return nil }
    }
    let days = CivilCalendar.days(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}
