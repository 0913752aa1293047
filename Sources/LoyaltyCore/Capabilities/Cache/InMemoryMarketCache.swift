/// A market cache in memory: answers last as long as the cache (the client), so a client
/// started again begins empty. The default when LoyaltyStore is not linked.
public actor InMemoryMarketCache: MarketCache {
  private struct Slot: Hashable {
    let owner: String
    let key: String
  }

  private var stored: [Slot: CachedAnswer] = [:]

  /// Creates an empty cache.
  public init() {}

  public func answer(forKey key: String, owner: String) -> CachedAnswer? {
    stored[Slot(owner: owner, key: key)]
  }

  public func store(_ answer: CachedAnswer) {
    stored[Slot(owner: answer.owner, key: answer.key)] = answer
  }

  public func removeAnswer(forKey key: String, owner: String) {
    stored[Slot(owner: owner, key: key)] = nil
  }

  public func removeAnswers(keepingOwners owners: Set<String>) {
    stored = stored.filter { owners.contains($0.key.owner) }
  }

  public func answers() -> [CachedAnswer] {
    stored.values.stablySorted { ($0.owner, $0.key) < ($1.owner, $1.key) }
  }
}
