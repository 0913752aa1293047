public import LoyaltyCore

/// The contract every ``LoyaltyCore/PrivacyStore`` must keep.
public enum PrivacyStoreConformance {
  /// Runs every check against fresh stores from `makeStore`.
  /// - Parameters:
  ///   - makeStore: Makes a store holding no choice.
  ///   - reopen: For a store that persists: a new store on the same storage as the one
  ///     given (what the next start of the app would open). `nil` for a store in memory.
  /// - Throws: The first ``ConformanceFailure`` found.
  public static func check(
    _ makeStore: () async throws -> any PrivacyStore,
    reopen: ((any PrivacyStore) async throws -> any PrivacyStore)? = nil
  ) async throws {
    let name = "PrivacyStore"
    let store = try await makeStore()
    try require(try await store.storedFeatures() == nil, name, "a new store holds no choice")
    try await store.save([])
    try require(
      try await store.storedFeatures() == [], name,
      "an empty choice is a choice, not nil")
    try await store.save([.analytics, .location])
    try require(
      try await store.storedFeatures() == [.analytics, .location], name, "reads back the choice")
    try await store.save([.pushRegistration])
    try require(
      try await store.storedFeatures() == [.pushRegistration], name, "save replaces the choice")
    let unknown = PrivacyFeatures(rawValue: 1 << 31 | PrivacyFeatures.analytics.rawValue)
    try await store.save(unknown)
    try require(
      try await store.storedFeatures() == unknown, name, "keeps bits no feature uses yet",
      "\(String(describing: try await store.storedFeatures()?.rawValue))")
    try await store.removeChoice()
    try require(try await store.storedFeatures() == nil, name, "removeChoice forgets the choice")
    try await store.removeChoice()
    try require(
      try await store.storedFeatures() == nil, name, "removing twice is not an error")

    let choices: [PrivacyFeatures] = (0..<16).map { PrivacyFeatures(rawValue: UInt32($0)) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for choice in choices {
        group.addTask { try await store.save(choice) }
      }
      try await group.waitForAll()
    }
    let last = try await store.storedFeatures()
    try require(
      last.map(choices.contains) == true, name, "concurrent saves leave one of them whole",
      "\(String(describing: last?.rawValue))")

    guard let reopen else { return }
    try await store.save([.location, .deviceInformation])
    let reopened = try await reopen(store)
    try require(
      try await reopened.storedFeatures() == [.location, .deviceInformation], name,
      "a saved choice is there when the storage is opened again")
    try await reopened.removeChoice()
    let again = try await reopen(reopened)
    try require(
      try await again.storedFeatures() == nil, name,
      "a removed choice stays removed when the storage is opened again")
  }
}
