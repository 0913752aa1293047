#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Base64url (RFC 4648 §5), the encoding of JWT parts: `-` and `_` instead of `+` and
/// `/`, padding optional.
public enum Base64URL {
  /// Encodes `data` as base64url.
  /// - Parameters:
  ///   - data: The bytes.
  ///   - padded: Whether to keep trailing `=` padding; JWTs omit it (the default).
  public static func encode(_ data: Data, padded: Bool = false) -> String {
    var text = data.base64EncodedString()
      .replacing("+", with: "-")
      .replacing("/", with: "_")
    if !padded {
      while text.hasSuffix("=") { text.removeLast() }
    }
    return text
  }

  /// Decodes base64url text, with or without `=` padding.
  /// - Returns: The bytes, or `nil` when `text` has a character outside the base64url
  ///   alphabet, misplaced or excess padding, or an impossible length.
  public static func decode(_ text: some StringProtocol) -> Data? {
    var characters = Array(text.utf8)
    var padding = 0
    while characters.last == UInt8(ascii: "=") {
      characters.removeLast()
      padding += 1
    }
    guard padding <= 2, padding == 0 || (characters.count + padding).isMultiple(of: 4),
      characters.count % 4 != 1
    else { return nil }

    var standard: [UInt8] = []
    standard.reserveCapacity(characters.count + 3)
    for character in characters {
      switch character {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        standard.append(character)
      case UInt8(ascii: "-"):
        standard.append(UInt8(ascii: "+"))
      case UInt8(ascii: "_"):
        standard.append(UInt8(ascii: "/"))
      default:
        return nil
      }
    }
    while !standard.count.isMultiple(of: 4) {
      standard.append(UInt8(ascii: "="))
    }
    return Data(base64Encoded: Data(standard))
  }
}
