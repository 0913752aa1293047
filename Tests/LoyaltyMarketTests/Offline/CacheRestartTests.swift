import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltySecurity
import LoyaltyStore
import LoyaltyTestSupport
import Testing

/// The cache in the store's database on a file, across a restart of the client.
@Suite("Cache across a restart, on the store's database")
struct CacheRestartTests {
  /// A fresh data directory, removed by `body`'s end.
  static func withDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-cache-restart-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
  }

  static func start(
    _ directory: URL, clock: InstantClock, backend: SandboxBackend? = nil
  ) async throws -> OfflineHarness {
    try await OfflineHarness.start(
      modules: [StoreModule(location: .file), SecurityModule(keyStore: .file)],
      directory: directory, clock: clock, backend: backend)
  }

  @Test("Cache: the minimum interval holds across a restart")
  func cacheIntervalAcrossRestart() async throws {
    try await Self.withDirectory { directory in
      let clock = InstantClock()
      let first = try await Self.start(directory, clock: clock)
      try await first.login()
      _ = try await first.market.coupons()
      #expect(first.transport.count("user_coupons") == 1)
      await first.client.shutdown()

      clock.advance(by: 30)
      let second = try await Self.start(directory, clock: clock, backend: first.backend)
      let again = try await second.market.coupons(policy: .networkFirst)
      #expect(again.source == .cache)
      #expect(second.transport.count("user_coupons") == 0)
      clock.advance(by: 30)
      #expect(try await second.market.coupons(policy: .networkFirst).source == .network)
      #expect(second.transport.count("user_coupons") == 1)
      await second.client.shutdown()
    }
  }

  @Test("Offline: a client started without a network shows what the last run kept")
  func offlineColdStart() async throws {
    try await Self.withDirectory { directory in
      let clock = InstantClock()
      let first = try await Self.start(directory, clock: clock)
      try await first.login()
      let coupons = try await first.market.coupons()
      let pass = try await first.market.marketPassDetails()
      let points = try await first.market.pointsHistory()
      await first.client.shutdown()

      // Days later, in a basement.
      clock.advance(by: 3 * 86_400)
      let second = try await Self.start(directory, clock: clock, backend: first.backend)
      second.transport.mode = .offline
      let market = try second.market
      let cached = try await market.coupons()
      #expect(cached.map(\.code) == coupons.map(\.code))
      #expect(await !market.state.activeCoupons.isEmpty)
      let answered = try await market.marketPassDetails(policy: .networkFirst)
      #expect(answered.source == .cache)
      #expect(answered.value == pass)
      let age = answered.age(at: try second.client.network.serverClock.now)
      #expect(age >= 3 * 86_400)
      #expect(try await market.pointsHistory(policy: .cacheOnly).value == points)
      await second.client.shutdown()
    }
  }

  @Test("Cache: after a restart, a login as someone else shows nothing of the previous user")
  func cacheUserSwitchAfterRestart() async throws {
    try await Self.withDirectory { directory in
      let clock = InstantClock()
      let first = try await Self.start(directory, clock: clock)
      try await first.login(1)
      _ = try await first.market.coupons()
      await first.client.shutdown()

      let second = try await Self.start(directory, clock: clock, backend: first.backend)
      try await second.login(2)
      second.transport.mode = .offline
      let error = try await #require(throws: LoyaltyError.self) {
        _ = try await second.market.coupons(policy: .cacheOnly)
      }
      #expect(error.code == .notCached)
      let user1 = try #require(first.backend.user(email: SandboxFixtures.userEmail(1)))
      #expect(
        try await second.cached().allSatisfy { $0.owner != MarketCacheOwner.user(user1.id) })
      await second.client.shutdown()
    }
  }

  @Test("Cache: the export lists the cached answers, and erase leaves none")
  func cacheExportAndErase() async throws {
    try await Self.withDirectory { directory in
      let clock = InstantClock()
      let harness = try await Self.start(directory, clock: clock)
      try await harness.login()
      _ = try await harness.market.coupons()
      let export = try await harness.client.exportData()
      let section = try #require(export["modules"]?["LoyaltyStore"]?["marketCache"]?.arrayValue)
      #expect(section.contains { $0["kind"] == "coupons" })
      _ = await harness.client.eraseAllData()
      let again = try await Self.start(directory, clock: clock, backend: harness.backend)
      #expect(try await again.cached().isEmpty)
      await again.client.shutdown()
    }
  }
}
