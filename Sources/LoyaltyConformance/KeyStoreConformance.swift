public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The contract every ``LoyaltyCore/KeyStore`` must keep.
public enum KeyStoreConformance {
  /// Runs every check against fresh stores from `makeStore`.
  /// - Throws: The first ``ConformanceFailure`` found.
  public static func check(_ makeStore: () async throws -> any KeyStore) async throws {
    let name = "KeyStore"
    let store = try await makeStore()
    try require(try await store.key(for: "k") == nil, name, "a missing key reads nil")
    let created = try await store.key(for: "k", creatingWithByteCount: 32)
    try require(created.count == 32, name, "creates a key of the requested size")
    try require(try await store.key(for: "k") == created, name, "returns the created key")
    try require(
      try await store.key(for: "k", creatingWithByteCount: 32) == created, name,
      "does not replace an existing key")
    let other = try await store.key(for: "other", creatingWithByteCount: 32)
    try require(other != created, name, "keys are random and independent")
    try await store.deleteKey(for: "k")
    try await store.deleteKey(for: "missing")
    try require(try await store.key(for: "k") == nil, name, "delete removes the key")

    let keys = try await withThrowingTaskGroup(of: Data.self) { group in
      for _ in 0..<20 {
        group.addTask { try await store.key(for: "race", creatingWithByteCount: 32) }
      }
      var keys: Set<Data> = []
      for try await key in group { keys.insert(key) }
      return keys
    }
    try require(keys.count == 1, name, "concurrent creators end with one key", "\(keys.count)")
  }
}
