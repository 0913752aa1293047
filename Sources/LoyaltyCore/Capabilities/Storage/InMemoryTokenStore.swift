/// A token store that keeps the pair in memory only: the session ends with the process.
public actor InMemoryTokenStore: TokenStore {
  /// The pair, behind a lock so that it can also be read without a hop to the actor
  /// (``tokensWithoutWaiting()``); every write still runs on the actor.
  private let stored: Locked<TokenPair?>

  /// Creates a store, optionally holding `tokens`.
  public init(_ tokens: TokenPair? = nil) {
    stored = Locked(tokens)
  }

  public func tokens() -> TokenPair? { stored.withLock { $0 } }

  public func store(_ tokens: TokenPair) { stored.withLock { $0 = tokens } }

  public func clear() { stored.withLock { $0 = nil } }

  public func replace(_ expected: TokenPair?, with new: TokenPair?) -> Bool {
    stored.withLock { stored in
      guard stored == expected else { return false }
      stored = new
      return true
    }
  }
}

extension InMemoryTokenStore: TokenSnapshotReading {
  /// The stored pair, read under its lock without a hop to the actor.
  public nonisolated func tokensWithoutWaiting() -> TokenPair? {
    stored.withLock { $0 }
  }
}
