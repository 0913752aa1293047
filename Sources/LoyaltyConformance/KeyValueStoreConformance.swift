public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The contract every ``LoyaltyCore/KeyValueStore`` must keep.
public enum KeyValueStoreConformance {
  /// Runs every check against fresh stores from `makeStore`.
  /// - Throws: The first ``ConformanceFailure`` found.
  public static func check(_ makeStore: () async throws -> any KeyValueStore) async throws {
    let name = "KeyValueStore"
    let store = try await makeStore()
    try require(try await store.data(forKey: "a") == nil, name, "a missing key reads nil")
    try require(try await store.keys().isEmpty, name, "a new store has no keys")
    try await store.set(Data("one".utf8), forKey: "a")
    try await store.set(Data([0, 255, 10]), forKey: "b")
    try require(try await store.data(forKey: "a") == Data("one".utf8), name, "reads back bytes")
    try require(try await store.data(forKey: "b") == Data([0, 255, 10]), name, "keeps binary data")
    try await store.set(Data("two".utf8), forKey: "a")
    try require(try await store.data(forKey: "a") == Data("two".utf8), name, "set replaces")
    try require(try await store.data(forKey: "b") == Data([0, 255, 10]), name, "keys independent")
    try require(try await store.keys() == ["a", "b"], name, "keys are listed sorted")
    try await store.removeValue(forKey: "a")
    try await store.removeValue(forKey: "missing")
    try require(try await store.data(forKey: "a") == nil, name, "remove deletes the value")
    try require(try await store.keys() == ["b"], name, "removed keys are not listed")
    try await store.set(Data(), forKey: "empty")
    try require(try await store.data(forKey: "empty") == Data(), name, "empty data is a value")

    try await store.set(["x": 1], forKey: "json")
    try require(
      try await store.value([String: Int].self, forKey: "json") == ["x": 1], name,
      "Codable values round-trip")

    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<50 {
        group.addTask { try await store.set(Data("\(index)".utf8), forKey: "k\(index)") }
      }
      try await group.waitForAll()
    }
    for index in 0..<50 {
      try require(
        try await store.data(forKey: "k\(index)") == Data("\(index)".utf8), name,
        "concurrent writes to different keys all land", "k\(index)")
    }
  }
}
