import LoyaltyCore

extension NetworkClient {
  /// With a host token provider, asks it for a new token when the current one is older
  /// than `token.providerTokenMaxAge` (seed 002: 20 hours): what the app becoming active
  /// does. The token's age is its `iat` on the server's clock, else the time since the
  /// provider gave it in this process; a token of unknown age is left to its expiry.
  package func renewProviderTokenIfOld() async {
    guard providerBox.provider != nil,
      let pair = try? await coordinator.storedTokens()
    else { return }
    let age: Double
    if let issued = SessionToken(pair).issuedAt {
      age = serverClock.now.timeIntervalSince(issued)
    } else if let issued = providerBox.lastIssue {
      age = clock.monotonicTime - issued
    } else {
      return
    }
    guard age >= configuration.token.providerTokenMaxAge else { return }
    logger.info("The provider's token is \(Int(age)) s old; asking for a new one.")
    do {
      _ = try await coordinator.refresh(replacing: nil)
    } catch {
      logger.info("The token provider could not renew the token: \(error)")
    }
  }
}
