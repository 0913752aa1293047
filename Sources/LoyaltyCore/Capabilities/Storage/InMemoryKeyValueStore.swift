#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A key-value store in memory: values last as long as the store.
public actor InMemoryKeyValueStore: KeyValueStore {
  private var values: [String: Data] = [:]

  /// Creates an empty store.
  public init() {}

  public func data(forKey key: String) -> Data? { values[key] }

  public func set(_ data: Data, forKey key: String) { values[key] = data }

  public func removeValue(forKey key: String) { values[key] = nil }

  public func keys() -> [String] { values.keys.stablySorted() }
}
