/// Why a payload cannot be drawn as the symbology asked for.
///
/// An encoder throws it before it draws anything: a code is drawn whole and right, or not
/// at all.
public struct BarcodeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The typed reason.
  public enum Reason: Sendable, Hashable {
    /// The payload is empty.
    case empty
    /// The payload's length is not one the symbology takes.
    case invalidLength(allowed: [Int], actual: Int)
    /// The payload's last digit is not the check digit of the digits before it.
    case invalidCheckDigit(expected: Character, actual: Character)
    /// A character the symbology cannot encode, at its offset in the payload (in
    /// characters).
    case unsupportedCharacter(Character, offset: Int)
    /// The payload needs more room than the largest symbol offers, in the units the
    /// symbology counts: data codewords for QR, symbol characters for Code 128, GS1 data
    /// characters for GS1-128.
    case tooLong(maximum: Int, actual: Int)
    /// A GS1 element string that does not follow the GS1 rules.
    case invalidElementString(String)
    /// A server's `barcode_type` that names no symbology this product draws.
    case unknownSymbology(String)
    /// An option out of its range, named with the range.
    case invalidOption(String)
  }

  /// The symbology that could not encode the payload, when one was chosen.
  public let symbology: Symbology?
  /// The typed reason.
  public let reason: Reason

  /// Creates an error.
  /// - Parameters:
  ///   - symbology: the symbology that refused the payload, if one was chosen.
  ///   - reason: why.
  public init(_ symbology: Symbology?, _ reason: Reason) {
    self.symbology = symbology
    self.reason = reason
  }

  /// The symbology and the reason, in one line.
  public var description: String {
    let prefix = symbology.map { "\($0): " } ?? ""
    switch reason {
    case .empty:
      return prefix + "the payload is empty"
    case .invalidLength(let allowed, let actual):
      let lengths = allowed.map(String.init).joined(separator: " or ")
      return prefix + "\(actual) characters where \(lengths) are allowed"
    case .invalidCheckDigit(let expected, let actual):
      return prefix + "check digit \(actual) where the digits before it give \(expected)"
    case .unsupportedCharacter(let character, let offset):
      let scalars = character.unicodeScalars.map {
        "U+" + String($0.value, radix: 16, uppercase: true)
      }
      return prefix + "cannot encode \(scalars.joined(separator: " ")) at offset \(offset)"
    case .tooLong(let maximum, let actual):
      return prefix + "needs \(actual) where a symbol holds at most \(maximum)"
    case .invalidElementString(let why):
      return prefix + "not a GS1 element string: \(why)"
    case .unknownSymbology(let name):
      return prefix + "no symbology named \"\(name)\""
    case .invalidOption(let why):
      return prefix + "invalid option: \(why)"
    }
  }
}
