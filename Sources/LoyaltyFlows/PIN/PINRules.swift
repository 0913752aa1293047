import LoyaltyCore

/// The rules a PIN must follow, checked before anything is sent.
///
/// A PIN is `length` ASCII digits, not all the same digit (`1111`), not a run of
/// consecutive digits up or down (`1234`, `9876`); a new PIN differs from the old one
/// and equals its confirmation. Errors name the field and the rule, never the PIN.
public struct PINRules: Sendable, Hashable {
  /// The PIN's length in digits (4 by default; the seed does not say: chosen here).
  public var length: Int
  /// Whether `1111` is refused.
  public var refusesRepeatedDigit: Bool
  /// Whether `1234` and `4321` are refused.
  public var refusesSequence: Bool

  /// Creates rules.
  public init(length: Int = 4, refusesRepeatedDigit: Bool = true, refusesSequence: Bool = true) {
    self.length = length
    self.refusesRepeatedDigit = refusesRepeatedDigit
    self.refusesSequence = refusesSequence
  }

  /// Checks a new PIN, its confirmation and, for a change, the old PIN.
  /// - Returns: The new PIN's and the old PIN's bytes, in buffers the caller wipes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPIN`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/pinMismatch``; the `field` and `rule` metadata
  ///   say which.
  func check(new: String, confirmation: String, old: String?) throws -> (
    new: [UInt8], old: [UInt8]?
  ) {
    var oldBytes: [UInt8]?
    if let old {
      oldBytes = try digits(old, field: "oldPIN", strict: false)
    }
    do {
      var newBytes = try digits(new, field: "newPIN", strict: true)
      var confirmationBytes = Array(confirmation.utf8)
      defer { Self.wipe(&confirmationBytes) }
      guard newBytes == confirmationBytes else {
        Self.wipe(&newBytes)
        throw LoyaltyError(
          .pinMismatch, "The PIN and its confirmation differ.",
          recoverySuggestion: "Enter the same PIN twice.", metadata: ["field": "confirmation"])
      }
      if let oldBytes, oldBytes == newBytes {
        Self.wipe(&newBytes)
        throw refusal("newPIN", "sameAsOld", "The new PIN is the old PIN.")
      }
      return (newBytes, oldBytes)
    } catch {
      Self.wipe(&oldBytes)
      throw error
    }
  }

  /// The PIN's bytes, checked; `strict` applies the repeated-digit and sequence rules
  /// (an old PIN set under other rules is only checked for shape).
  private func digits(_ pin: String, field: String, strict: Bool) throws -> [UInt8] {
    var bytes = Array(pin.utf8)
    do {
      guard bytes.count == length else {
        throw refusal(field, "length", "A PIN has \(length) digits.")
      }
      guard bytes.allSatisfy({ (0x30...0x39).contains($0) }) else {
        throw refusal(field, "digits", "A PIN has digits only.")
      }
      if strict && refusesRepeatedDigit && bytes.allSatisfy({ $0 == bytes[0] }) {
        throw refusal(field, "repeatedDigit", "A PIN may not be one digit repeated.")
      }
      if strict && refusesSequence && length > 1 {
        let steps = zip(bytes, bytes.dropFirst()).map { Int($1) - Int($0) }
        if steps.allSatisfy({ $0 == 1 }) || steps.allSatisfy({ $0 == -1 }) {
          throw refusal(field, "sequence", "A PIN may not be a run of consecutive digits.")
        }
      }
      return bytes
    } catch {
      Self.wipe(&bytes)
      throw error
    }
  }

  private func refusal(_ field: String, _ rule: String, _ message: String) -> LoyaltyError {
    LoyaltyError(.invalidPIN, message, metadata: ["field": field, "rule": rule])
  }

  /// Overwrites `bytes`, if any, with zeros, in place, and leaves `nil`.
  static func wipe(_ bytes: inout [UInt8]?) {
    guard var value = bytes else { return }
    bytes = nil
    wipe(&value)
  }

  /// Overwrites `bytes` with zeros, in place.
  static func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.update(repeating: 0)
    }
  }
}
