public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The contract every ``LoyaltyCore/FieldCipher`` must keep.
public enum FieldCipherConformance {
  /// Runs every check.
  /// - Parameters:
  ///   - makeCipher: Makes a cipher; two calls must give ciphers sharing one key.
  ///   - makeCipherWithOtherKey: Makes a cipher with a different key.
  /// - Throws: The first ``ConformanceFailure`` found.
  public static func check(
    _ makeCipher: () async throws -> any FieldCipher,
    otherKey makeCipherWithOtherKey: () async throws -> any FieldCipher
  ) async throws {
    let name = "FieldCipher"
    let cipher = try await makeCipher()
    let plaintext = Data("eyJhbGciOiJIUzI1NiJ9.payload.signature".utf8)
    let sealed = try await cipher.seal(plaintext)
    try require(sealed != plaintext, name, "sealing changes the bytes")
    try require(
      sealed.firstRange(of: plaintext) == nil, name,
      "the plaintext does not appear in the ciphertext")
    try require(try await cipher.open(sealed) == plaintext, name, "open reverses seal")
    try require(
      try await makeCipher().open(sealed) == plaintext, name, "another cipher with the key opens")
    try require(try await cipher.seal(plaintext) != sealed, name, "each seal differs")
    try require(try await cipher.open(cipher.seal(Data())) == Data(), name, "empty data works")

    try await expect(.decryptionFailed, name, "a wrong key is rejected") {
      _ = try await makeCipherWithOtherKey().open(sealed)
    }
    var tampered = sealed
    tampered[tampered.count / 2] ^= 0x01
    try await expect(.decryptionFailed, name, "tampered data is rejected") {
      _ = try await cipher.open(tampered)
    }
    try await expect(.invalidCiphertext, name, "truncated data is rejected") {
      _ = try await cipher.open(sealed.prefix(8))
    }

    let values = (0..<10).map { Data("value-\($0)".utf8) }
    let batch = try await cipher.seal(batch: values)
    try require(try await cipher.open(batch: batch) == values, name, "batches round-trip")
  }

  private static func expect(
    _ code: LoyaltyError.Code, _ name: String, _ property: String,
    _ body: () async throws -> Void
  ) async throws {
    do {
      try await body()
    } catch let error as LoyaltyError where error.code == code {
      return
    } catch {
      throw ConformanceFailure(capability: name, property: property, detail: "threw \(error)")
    }
    throw ConformanceFailure(capability: name, property: property, detail: "did not throw")
  }
}
