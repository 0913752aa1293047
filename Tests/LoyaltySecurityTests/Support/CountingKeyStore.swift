import Foundation
import LoyaltyCore

/// A key store that forwards to another and counts the key fetches, to observe the
/// cipher's cache.
final class CountingKeyStore: KeyStore {
  let base: any KeyStore
  private let fetches = Locked(0)

  init(base: any KeyStore) {
    self.base = base
  }

  var fetchCount: Int { fetches.withLock { $0 } }

  func key(for identifier: String) async throws -> Data? {
    fetches.withLock { $0 += 1 }
    return try await base.key(for: identifier)
  }

  func key(for identifier: String, creatingWithByteCount byteCount: Int) async throws -> Data {
    fetches.withLock { $0 += 1 }
    return try await base.key(for: identifier, creatingWithByteCount: byteCount)
  }

  func deleteKey(for identifier: String) async throws {
    try await base.deleteKey(for: identifier)
  }
}
