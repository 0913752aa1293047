public import LoyaltyCore

/// The contract every ``LoyaltyCore/TokenStore`` must keep, as a check any implementation can run.
///
/// ```swift
/// @Test func conforms() async throws {
///   try await TokenStoreConformance.check { MyTokenStore() }
/// }
/// ```
public enum TokenStoreConformance {
  /// Runs every check against fresh stores from `makeStore`.
  /// - Throws: The first ``ConformanceFailure`` found.
  public static func check(_ makeStore: () async throws -> any TokenStore) async throws {
    let name = "TokenStore"
    let first = TokenPair(accessToken: "access-1", refreshToken: "refresh-1", clientID: "client")
    let second = TokenPair(accessToken: "access-2", refreshToken: "refresh-2")

    let store = try await makeStore()
    try require(try await store.tokens() == nil, name, "a new store is empty")
    try await store.store(first)
    try require(try await store.tokens() == first, name, "reads back what was stored")
    try await requireSnapshot(of: store, "after a store")
    try await store.store(second)
    try require(try await store.tokens() == second, name, "a store replaces the previous pair")
    try await requireSnapshot(of: store, "after a second store")
    try await store.clear()
    try require(try await store.tokens() == nil, name, "clear removes the pair")
    try await requireSnapshot(of: store, "after a clear")

    try require(
      try await store.replace(nil, with: first), name, "replace(nil, with:) fills an empty store")
    try require(
      try await !store.replace(second, with: second), name,
      "replace refuses when the stored pair differs")
    try require(try await store.tokens() == first, name, "a refused replace changes nothing")
    try require(try await store.replace(first, with: second), name, "replace swaps a match")
    try require(try await store.tokens() == second, name, "replace stores the new pair")
    try await requireSnapshot(of: store, "after a replace")
    try require(try await store.replace(second, with: nil), name, "replace(_, with: nil) clears")
    try require(try await store.tokens() == nil, name, "replace with nil leaves no pair")
    try await requireSnapshot(of: store, "after a replace with nil")

    // Concurrent compare-and-swap: exactly one of many racing replacements wins.
    try await store.store(first)
    let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
      for index in 0..<50 {
        group.addTask {
          try await store.replace(
            first, with: TokenPair(accessToken: "race-\(index)", refreshToken: "r-\(index)"))
        }
      }
      var count = 0
      for try await won in group where won { count += 1 }
      return count
    }
    try require(winners == 1, name, "exactly one concurrent replace wins", "\(winners) won")
  }

  /// For a store that reads without waiting (``LoyaltyCore/TokenSnapshotReading``): its
  /// quick read is `nil` (ask ``LoyaltyCore/TokenStore/tokens()``) or the pair `tokens()`
  /// gives. Nothing to check for another store.
  private static func requireSnapshot(of store: any TokenStore, _ moment: String) async throws {
    guard let quick = store as? any TokenSnapshotReading else { return }
    let snapshot = quick.tokensWithoutWaiting()
    let stored = try await store.tokens()
    try require(
      snapshot == nil || snapshot == stored, "TokenStore",
      "a read without waiting gives the stored pair or nil (\(moment))",
      "it gave another pair than tokens()")
  }
}
