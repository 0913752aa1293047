import LoyaltyCore

/// Holds the host's token provider, set at run time.
final class TokenProviderBox: Sendable {
  typealias Provider = @Sendable () async throws -> String?

  private let state = Locked<Provider?>(nil)

  var provider: Provider? { state.withLock { $0 } }

  func set(_ provider: @escaping Provider) {
    state.withLock { $0 = provider }
  }
}
