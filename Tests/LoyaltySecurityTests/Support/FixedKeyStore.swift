import Foundation
import LoyaltyCore

/// A key store that always returns the same bytes, whatever their length.
struct FixedKeyStore: KeyStore {
  let fixedKey: Data

  func key(for identifier: String) async throws -> Data? { fixedKey }
  func key(for identifier: String, creatingWithByteCount byteCount: Int) async throws -> Data {
    fixedKey
  }
  func deleteKey(for identifier: String) async throws {}
}
