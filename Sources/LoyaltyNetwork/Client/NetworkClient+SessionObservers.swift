import LoyaltyCore

extension NetworkClient {
  /// Adds what runs on each side of the change of the stored tokens in each login (by
  /// any method) and each end of a session (a logout, a fatal status, a rejected
  /// refresh), before the login or logout returns: the market empties what it showed of
  /// the previous user before the tokens change, and its cached answers after.
  package func addSessionObserver(
    _ observer: @escaping @Sendable (SessionChange) async -> Void
  ) {
    sessionObservers.withLock { $0.append(observer) }
  }

  /// Runs every session observer, one after another.
  func notifySessionChanged(_ change: SessionChange) async {
    for observer in sessionObservers.withLock({ $0 }) {
      await observer(change)
    }
  }

  /// The partition of the market cache the stored tokens belong to
  /// (`LoyaltyCore.MarketCacheOwner`): the access token's subject when it is a JWT that
  /// names one, the opaque session's otherwise, the anonymous one without tokens.
  package func cacheOwner() async -> String {
    guard let pair = try? await coordinator.storedTokens() else {
      return MarketCacheOwner.anonymous
    }
    if let subject = (try? JSONWebToken(pair.accessToken))?.subject, !subject.isEmpty {
      return MarketCacheOwner.user(subject)
    }
    return MarketCacheOwner.session
  }
}
