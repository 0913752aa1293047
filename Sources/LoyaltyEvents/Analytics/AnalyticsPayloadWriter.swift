import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes an ``AnalyticsEvent``'s payload in one pass over UTF-8 bytes, byte for byte what
/// `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` writes for it, with the
/// timestamp as `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` formats it:
///
/// - keys in the order of their UTF-8 bytes (`event_id`, `name`, `parameters`,
///   `timestamp`; the parameters' keys likewise);
/// - `"`, `\` and control characters escaped (`\b`, `\f`, `\n`, `\r`, `\t`, otherwise
///   `\u00xx`), `/` and everything else as it is;
/// - the time in UTC, `yyyy-MM-ddTHH:mm:ss.SSSZ`, the milliseconds truncated, on the
///   proleptic Gregorian calendar ISO 8601 prescribes. Before 1582-10-15 the format style
///   switches to the Julian calendar (it writes the year 1's first day as `0001-01-03`);
///   this writer does not follow it there (chosen here).
///
/// A test compares it with `JSONEncoder` and the format style on many events.
enum AnalyticsPayloadWriter {
  /// Seconds from 1970 to 2001, the reference date.
  private static let referenceOffset: Int64 = 978_307_200

  /// The payload of the event with these fields.
  static func payload(
    id: String, name: String, timestamp: Date, parameters: [String: String]
  ) -> Data {
    var output: [UInt8] = []
    var capacity = 96 + id.utf8.count + name.utf8.count
    for (key, value) in parameters {
      capacity += key.utf8.count + value.utf8.count + 6
    }
    output.reserveCapacity(capacity)
    output.append(contentsOf: #"{"event_id":"#.utf8)
    JSONStringEscape.append(id, to: &output)
    output.append(contentsOf: #","name":"#.utf8)
    JSONStringEscape.append(name, to: &output)
    output.append(contentsOf: #","parameters":{"#.utf8)
    if parameters.count == 1, let (key, value) = parameters.first {
      JSONStringEscape.append(key, to: &output)
      output.append(UInt8(ascii: ":"))
      JSONStringEscape.append(value, to: &output)
    } else if !parameters.isEmpty {
      let members = parameters.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      for (position, member) in members.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        JSONStringEscape.append(member.key, to: &output)
        output.append(UInt8(ascii: ":"))
        JSONStringEscape.append(member.value, to: &output)
      }
    }
    output.append(contentsOf: #"},"timestamp":""#.utf8)
    writeTimestamp(timestamp, into: &output)
    output.append(contentsOf: #""}"#.utf8)
    return Data(output)
  }

  /// `date` in UTC as `yyyy-MM-ddTHH:mm:ss.SSSZ`: the proleptic Gregorian calendar, the
  /// milliseconds truncated from the nanoseconds, as the ISO 8601 format style does from
  /// 1582-10-15 on.
  private static func writeTimestamp(_ date: Date, into output: inout [UInt8]) {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite, abs(interval) < 1e14 else {
      // Out of any calendar's range: the format style's own answer.
      output.append(
        contentsOf: Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date).utf8)
      return
    }
    let whole = interval.rounded(.down)
    let nanoseconds = max(0, Int64((interval - whole) * 1_000_000_000))
    let milliseconds = nanoseconds / 1_000_000
    let seconds = Int64(whole) + referenceOffset
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = CivilCalendar.date(days: Int(days))
    guard year >= 1, year <= 9_999 else {
      output.append(
        contentsOf: Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date).utf8)
      return
    }
    writeDigits(Int64(year), count: 4, into: &output)
    output.append(UInt8(ascii: "-"))
    writeDigits(Int64(month), count: 2, into: &output)
    output.append(UInt8(ascii: "-"))
    writeDigits(Int64(day), count: 2, into: &output)
    output.append(UInt8(ascii: "T"))
    writeDigits(secondOfDay / 3_600, count: 2, into: &output)
    output.append(UInt8(ascii: ":"))
    writeDigits(secondOfDay / 60 % 60, count: 2, into: &output)
    output.append(UInt8(ascii: ":"))
    writeDigits(secondOfDay % 60, count: 2, into: &output)
    output.append(UInt8(ascii: "."))
    writeDigits(milliseconds, count: 3, into: &output)
    output.append(UInt8(ascii: "Z"))
  }

  /// The `count` lowest decimal digits of `value` (not negative), zero-padded; `count`
  /// is 2, 3 or 4, so every division is by a constant.
  @inline(__always)
  private static func writeDigits(_ value: Int64, count: Int, into output: inout [UInt8]) {
    let zero = UInt8(ascii: "0")
    let value = UInt32(truncatingIfNeeded: value)
    if count >= 4 { output.append(zero + UInt8(truncatingIfNeeded: value / 1_000 % 10)) }
    if count >= 3 { output.append(zero + UInt8(truncatingIfNeeded: value / 100 % 10)) }
    output.append(zero + UInt8(truncatingIfNeeded: value / 10 % 10))
    output.append(zero + UInt8(truncatingIfNeeded: value % 10))
  }
}
