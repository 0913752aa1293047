#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Keeps small preferences and state by key: the seed's UserDefaults, for any platform.
///
/// LoyaltyStore provides a SQLite-backed store; Core provides
/// ``InMemoryKeyValueStore``.
///
/// Every conforming type must:
/// - return from ``data(forKey:)`` exactly the bytes last set for the key, or `nil`
///   when none were set or they were removed;
/// - keep keys independent: writing one never changes another;
/// - be safe to call concurrently.
public protocol KeyValueStore: Sendable {
  /// The bytes stored for `key`, or `nil`.
  func data(forKey key: String) async throws -> Data?
  /// Stores `data` for `key`, replacing what was there.
  func set(_ data: Data, forKey key: String) async throws
  /// Removes the value for `key`; removing a missing key is not an error.
  func removeValue(forKey key: String) async throws
  /// Every key with a value, sorted.
  func keys() async throws -> [String]
}

extension KeyValueStore {
  /// The value stored for `key`, decoded from JSON, or `nil` when there is none.
  /// - Throws: ``LoyaltyError/Code/storedValueUnreadable`` when the bytes do not
  ///   decode as `T`.
  public func value<T: Decodable>(_ type: T.Type, forKey key: String) async throws -> T? {
    guard let data = try await data(forKey: key) else { return nil }
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch {
      throw LoyaltyError(
        .storedValueUnreadable, "The value stored for a key is not a \(T.self).",
        metadata: ["key": key], underlying: error)
    }
  }

  /// Stores `value` for `key`, encoded as JSON.
  public func set<T: Encodable>(_ value: T, forKey key: String) async throws {
    let data: Data
    do {
      data = try JSONEncoder().encode(value)
    } catch {
      throw LoyaltyError(
        .invalidArgument, "The value for a key could not be encoded as JSON.",
        metadata: ["key": key], underlying: error)
    }
    try await set(data, forKey: key)
  }
}
