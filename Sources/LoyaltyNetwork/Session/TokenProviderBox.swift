import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Holds the host's token provider, set at run time, and when it last gave a token.
final class TokenProviderBox: Sendable {
  typealias Provider = @Sendable () async throws -> String?

  private struct State {
    var provider: Provider?
    /// The device's monotonic time when the provider last gave a token.
    var issuedAt: TimeInterval?
  }

  private let state = Locked(State())

  var provider: Provider? { state.withLock { $0.provider } }

  /// The monotonic time the provider last gave a token at, in this process.
  var lastIssue: TimeInterval? { state.withLock { $0.issuedAt } }

  func set(_ provider: @escaping Provider) {
    state.withLock { $0.provider = provider }
  }

  /// Records that the provider gave a token at `monotonicTime`.
  func recordIssue(at monotonicTime: TimeInterval) {
    state.withLock { $0.issuedAt = monotonicTime }
  }
}
