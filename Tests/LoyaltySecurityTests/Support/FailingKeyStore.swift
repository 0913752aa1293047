import Foundation
import LoyaltyCore

/// A key store whose every call fails with a non-SDK error.
struct FailingKeyStore: KeyStore {
  struct Failure: Error {}

  func key(for identifier: String) async throws -> Data? { throw Failure() }
  func key(for identifier: String, creatingWithByteCount byteCount: Int) async throws -> Data {
    throw Failure()
  }
  func deleteKey(for identifier: String) async throws { throw Failure() }
}
