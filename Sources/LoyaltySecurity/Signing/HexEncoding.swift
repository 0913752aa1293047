#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Hexadecimal text for bytes, as signatures and digests are sent.
public enum HexEncoding {
  private static let lowercaseDigits = Array("0123456789abcdef".utf8)
  private static let uppercaseDigits = Array("0123456789ABCDEF".utf8)

  /// Two hexadecimal digits per byte.
  /// - Parameters:
  ///   - data: The bytes.
  ///   - uppercase: Whether to use `A`-`F`; lowercase by default.
  public static func encode(_ data: Data, uppercase: Bool = false) -> String {
    let digits = uppercase ? uppercaseDigits : lowercaseDigits
    var text: [UInt8] = []
    text.reserveCapacity(data.count * 2)
    for byte in data {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The bytes written as hexadecimal text (either case), or `nil` when `text` has an
  /// odd length or a character that is not a hexadecimal digit.
  public static func decode(_ text: String) -> Data? {
    let characters = Array(text.utf8)
    guard characters.count.isMultiple(of: 2) else { return nil }
    var data = Data(capacity: characters.count / 2)
    var index = 0
    while index < characters.count {
      guard let high = value(of: characters[index]), let low = value(of: characters[index + 1])
      else { return nil }
      data.append(high << 4 | low)
      index += 2
    }
    return data
  }

  private static func value(of character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
