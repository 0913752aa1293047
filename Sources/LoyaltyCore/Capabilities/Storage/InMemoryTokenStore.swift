/// A token store that keeps the pair in memory only: the session ends with the process.
public actor InMemoryTokenStore: TokenStore {
  private var stored: TokenPair?

  /// Creates a store, optionally holding `tokens`.
  public init(_ tokens: TokenPair? = nil) {
    stored = tokens
  }

  public func tokens() -> TokenPair? { stored }

  public func store(_ tokens: TokenPair) { stored = tokens }

  public func clear() { stored = nil }

  public func replace(_ expected: TokenPair?, with new: TokenPair?) -> Bool {
    guard stored == expected else { return false }
    stored = new
    return true
  }
}
