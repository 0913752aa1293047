/// A store that can tell how many values it keeps encrypted at rest: what the security
/// diagnostics report (seed 000: `getEncryptionStats`).
///
/// LoyaltyStore's token store conforms. Counting reads no plaintext and needs no key.
public protocol EncryptedValueCounting: Sendable {
  /// How many stored values are encrypted.
  func encryptedValueCount() async throws -> Int
}
