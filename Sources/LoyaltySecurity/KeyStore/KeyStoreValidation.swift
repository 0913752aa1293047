import LoyaltyCore

/// The checks every key store in this product applies to its arguments.
enum KeyStoreValidation {
  /// The longest identifier accepted, in UTF-8 bytes.
  static let maximumIdentifierLength = 128
  /// The largest key a store creates or reads, in bytes.
  static let maximumKeyByteCount = 4_096

  /// Throws unless `identifier` is 1 to 128 letters, digits, `.`, `-` or `_`, not
  /// starting with `.`: safe as a file name, with no path separators and no way to
  /// collide with a store's hidden temporary files.
  /// - Throws: ``LoyaltyError/Code/invalidArgument``.
  static func validate(identifier: String) throws {
    let bytes = Array(identifier.utf8)
    let allowed = bytes.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "_"):
        true
      default:
        false
      }
    }
    guard !bytes.isEmpty, bytes.count <= maximumIdentifierLength, allowed,
      bytes.first != UInt8(ascii: ".")
    else {
      throw LoyaltyError(
        .invalidArgument,
        "The key identifier is not valid: use 1 to \(maximumIdentifierLength) letters, "
          + "digits, '.', '-' or '_', not starting with '.'.",
        metadata: ["identifierLength": String(identifier.utf8.count)])
    }
  }

  /// Throws unless `byteCount` is between 1 and ``maximumKeyByteCount``.
  /// - Throws: ``LoyaltyError/Code/invalidArgument``.
  static func validate(byteCount: Int) throws {
    guard (1...maximumKeyByteCount).contains(byteCount) else {
      throw LoyaltyError(
        .invalidArgument,
        "A key of \(byteCount) bytes was asked for; keys are 1 to \(maximumKeyByteCount) bytes.",
        metadata: ["byteCount": String(byteCount)])
    }
  }
}
