import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyStore

/// A removed answer is gone from the bytes of every file of the database, not only from
/// queries: the database file, its write-ahead log and its shared memory.
@Suite("SQLiteMarketCache: removed means gone from the bytes on disk")
struct MarketCacheRemovalTests {
  typealias Support = MarketCacheTestSupport

  /// Stores, in clear (so the markers are visible before the removal), one large answer
  /// (`big-<index>`, on overflow pages) and one small one (`small-<index>`) holding each
  /// marker, under `owner`. The keys hold no marker: only the bodies and headers do.
  private static func fill(
    _ cache: SQLiteMarketCache, owner: String, markers: [String]
  ) async throws {
    for (index, marker) in markers.enumerated() {
      try await cache.store(
        Support.answer(key: "big-\(index)", owner: owner, marker: marker, bytes: 30_000))
      try await cache.store(
        Support.answer(key: "small-\(index)", owner: owner, marker: marker + "-small"))
    }
  }

  @Test("a removed cached answer's body is in no file: database, log or shared memory")
  func removedCacheAnswerLeavesNoBytes() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let cache = SQLiteMarketCache(database: database)
    let gone = "CACHE-GONE-a51f0e"
    let kept = "CACHE-KEPT-6b2d93"
    try await Self.fill(cache, owner: Support.owner, markers: [gone, kept])
    // Part of it checkpointed into the file, part still in the log.
    try await database.checkpoint()
    try await cache.store(
      Support.answer(key: "late-0", owner: Support.owner, marker: gone + "-late"))
    #expect(Support.files(in: directory, holding: gone).contains("store.db"))
    #expect(Support.files(in: directory, holding: gone + "-late").contains("store.db-wal"))

    for key in ["big-0", "small-0", "late-0"] {
      try await cache.removeAnswer(forKey: key, owner: Support.owner)
      #expect(try await cache.answer(forKey: key, owner: Support.owner) == nil)
    }

    #expect(Support.files(in: directory, holding: gone) == [])
    #expect(!Support.files(in: directory, holding: kept).isEmpty)
    #expect(try await cache.answers().map(\.key) == ["big-1", "small-1"])
    #expect(try await database.statistics().walSize == 0)
    database.close()
    #expect(Support.files(in: directory, holding: gone) == [])
  }

  @Test("removing the cache of other owners, or all of it, leaves none of their bytes")
  func removedCacheOwnersLeaveNoBytes() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let cache = SQLiteMarketCache(database: database)
    let previousUser = "CACHE-PREVIOUS-USER-1d7c"
    let session = "CACHE-SESSION-93aa"
    let anonymous = "CACHE-ANONYMOUS-40f2"
    try await Self.fill(cache, owner: MarketCacheOwner.user("previous"), markers: [previousUser])
    try await Self.fill(cache, owner: MarketCacheOwner.session, markers: [session])
    try await Self.fill(cache, owner: MarketCacheOwner.anonymous, markers: [anonymous])
    for marker in [previousUser, session, anonymous] {
      #expect(!Support.files(in: directory, holding: marker).isEmpty, "\(marker)")
    }

    try await cache.removeAnswers(keepingOwners: [MarketCacheOwner.anonymous])
    #expect(Support.files(in: directory, holding: previousUser) == [])
    #expect(Support.files(in: directory, holding: session) == [])
    #expect(!Support.files(in: directory, holding: anonymous).isEmpty)
    #expect(Set(try await cache.answers().map(\.owner)) == [MarketCacheOwner.anonymous])

    try await cache.removeAll()
    #expect(Support.files(in: directory, holding: anonymous) == [])
    #expect(try await cache.answers().isEmpty)
    #expect(try await database.statistics().walSize == 0)
  }

  @Test("a cache removal that deletes nothing leaves the log alone")
  func cacheRemovalOfNothingSkipsTheCheckpoint() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let cache = SQLiteMarketCache(database: database)
    try await cache.store(Support.answer(marker: "still-here"))
    let before = try await database.statistics().walSize
    #expect(before > 0)
    try await cache.removeAnswer(forKey: "missing", owner: Support.owner)
    try await cache.removeAnswers(keepingOwners: [Support.owner])
    #expect(try await database.statistics().walSize == before)
    #expect(try await cache.answers().count == 1)
  }
}
