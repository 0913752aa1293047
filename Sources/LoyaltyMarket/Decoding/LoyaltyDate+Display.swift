import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension LoyaltyDate {
  /// The format dates are shown in unless the host passes another: `dd/MM/yyyy`, as the
  /// seed's models show them (seed 000, "Date Handling in Models").
  public static let displayFormat = "dd/MM/yyyy"

  /// `date` written with `format` in `timeZone`, months and weekdays named by `names`.
  ///
  /// The pattern letters are the usual date format's: `yyyy`, `yy` (year), `M`, `MM`,
  /// `MMM`, `MMMM` (month as a number or a name), `d`, `dd`, `E`/`EEE`, `EEEE` (weekday),
  /// `H`, `HH`, `h`, `hh`, `a` (hour, 24 or 12 hour clock, AM/PM), `m`, `mm`, `s`, `ss`,
  /// `S...` (fractions of a second), `Z`, `ZZZZZ` (the zone's offset). Text in single
  /// quotes is copied (`''` is a quote); any other character is copied as it is.
  /// Written without `DateFormatter`, so it needs no locale data.
  /// - Parameters:
  ///   - date: The date.
  ///   - format: The pattern; ``displayFormat`` by default.
  ///   - timeZone: The zone the day and hour are counted in; the device's by default.
  ///   - names: The month, weekday and AM/PM names; English by default.
  /// - Returns: The formatted date.
  public static func display(
    _ date: Date, format: String = displayFormat, timeZone: TimeZone = .current,
    names: Names = .english
  ) -> String {
    let offset = timeZone.secondsFromGMT(for: date)
    let exact = date.formattableSecondsSince1970 + Double(offset)
    let total = Int(exact.rounded(.down))
    let days = Int((Double(total) / 86_400).rounded(.down))
    let secondsOfDay = total - days * 86_400
    let (year, month, day) = CivilCalendar.date(days: days)
    let parts = Parts(
      year: year, month: month, day: day, weekday: ((days % 7) + 11) % 7,
      hour: secondsOfDay / 3_600, minute: secondsOfDay % 3_600 / 60, second: secondsOfDay % 60,
      fraction: exact - Double(total), offset: offset)
    return render(format, parts, names)
  }

  /// A date's fields in one time zone. `weekday` is 0 for Sunday.
  private struct Parts {
    let year, month, day, weekday, hour, minute, second: Int
    let fraction: Double
    let offset: Int
  }

  private static func render(_ format: String, _ parts: Parts, _ names: Names) -> String {
    var output = ""
    let characters = Array(format)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "'" {
        index += 1
        if index < characters.count, characters[index] == "'" {
          output.append("'")
          index += 1
          continue
        }
        while index < characters.count {
          if characters[index] == "'" {
            if index + 1 < characters.count, characters[index + 1] == "'" {
              output.append("'")
              index += 2
              continue
            }
            index += 1
            break
          }
          output.append(characters[index])
          index += 1
        }
        continue
      }
      var count = 1
      while index + count < characters.count, characters[index + count] == character {
        count += 1
      }
      index += count
      output += field(character, count, parts, names) ?? String(repeating: character, count: count)
    }
    return output
  }

  /// The text of a run of `count` pattern letters `letter`; `nil` for a letter that is no
  /// field, which is then copied.
  private static func field(_ letter: Character, _ count: Int, _ parts: Parts, _ names: Names)
    -> String?
  {
    switch letter {
    case "y":
      count == 2 ? pad(parts.year % 100, 2) : pad(parts.year, count)
    case "M", "L":
      switch count {
      case 1, 2: pad(parts.month, count)
      case 3: names.name(names.shortMonths, parts.month - 1)
      default: names.name(names.months, parts.month - 1)
      }
    case "d": pad(parts.day, count)
    case "E":
      count >= 4
        ? names.name(names.weekdays, parts.weekday)
        : names.name(names.shortWeekdays, parts.weekday)
    case "H": pad(parts.hour, count)
    case "h": pad(parts.hour % 12 == 0 ? 12 : parts.hour % 12, count)
    case "a": parts.hour < 12 ? names.am : names.pm
    case "m": pad(parts.minute, count)
    case "s": pad(parts.second, count)
    case "S": fraction(parts.fraction, count)
    case "Z", "x", "X": zone(parts.offset, extended: count >= 5 || letter != "Z")
    default: nil
    }
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
  }

  /// The first `count` digits of `fraction`, truncated, as the date formats write them.
  private static func fraction(_ fraction: Double, _ count: Int) -> String {
    var digits = ""
    var rest = fraction
    for _ in 0..<min(count, 9) {
      rest *= 10
      let digit = min(9, max(0, Int(rest.rounded(.down))))
      digits += String(digit)
      rest -= Double(digit)
    }
    return digits + String(repeating: "0", count: max(0, count - 9))
  }

  /// `+0200`, or `+02:00` (`Z` for UTC) when `extended`.
  private static func zone(_ offset: Int, extended: Bool) -> String {
    if extended, offset == 0 { return "Z" }
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return sign + pad(minutes / 60, 2) + (extended ? ":" : "") + pad(minutes % 60, 2)
  }
}
