import Foundation
import LoyaltyConformance
import LoyaltyCore
import Testing

@Suite("InMemoryMarketCache")
struct InMemoryMarketCacheTests {
  @Test("the in-memory cache keeps the MarketCache contract")
  func inMemoryCacheKeepsTheMarketCacheContract() async throws {
    try await MarketCacheConformance.check { InMemoryMarketCache() }
  }

  @Test("each in-memory cache starts empty: answers last as long as the cache")
  func inMemoryCacheStartsEmptyForEachInstance() async throws {
    let first: any MarketCache = InMemoryMarketCache()
    try await first.store(
      CachedAnswer(
        key: "coupons", owner: MarketCacheOwner.user("a"), kind: "coupons",
        body: Data("[]".utf8), answeredAt: Date(timeIntervalSinceReferenceDate: 1),
        storedAt: Date(timeIntervalSinceReferenceDate: 2)))
    #expect(try await first.answers().count == 1)
    let second: any MarketCache = InMemoryMarketCache()
    #expect(try await second.answers().isEmpty)
    #expect(try await second.answer(forKey: "coupons", owner: MarketCacheOwner.user("a")) == nil)
  }
}
