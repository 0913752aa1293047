#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Keeps the symmetric keys the field cipher uses.
///
/// LoyaltySecurity provides a file key store (owner-only files, created atomically),
/// an in-memory one, and one that takes a key from the host's environment.
///
/// Every conforming type must:
/// - return the same key for the same identifier for as long as the store persists;
/// - when creating a missing key, make concurrent creators (other tasks, and other
///   processes for a persistent store) all end with the one key that was stored;
/// - never put key bytes in a thrown error or a log message;
/// - be safe to call concurrently.
public protocol KeyStore: Sendable {
  /// The key stored under `identifier`, or `nil` when there is none.
  func key(for identifier: String) async throws -> Data?
  /// The key stored under `identifier`, creating and storing `byteCount` random bytes
  /// when there is none.
  func key(for identifier: String, creatingWithByteCount byteCount: Int) async throws -> Data
  /// Deletes the key stored under `identifier`; deleting a missing key is not an error.
  func deleteKey(for identifier: String) async throws
}
