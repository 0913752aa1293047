import LoyaltyCore

extension NetworkClient {
  /// Adds what runs after each login (by any method) and each end of a session (a
  /// logout, a fatal status, a rejected refresh), before the login or logout returns: the
  /// market empties what it showed of the previous user there.
  package func addSessionObserver(_ observer: @escaping @Sendable () async -> Void) {
    sessionObservers.withLock { $0.append(observer) }
  }

  /// Runs every session observer, one after another.
  func notifySessionChanged() async {
    for observer in sessionObservers.withLock({ $0 }) {
      await observer()
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
