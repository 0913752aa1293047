public import LoyaltyCore

/// Why a flow failed: the payload of ``FlowCallbacks/onFailed``.
public struct FlowFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The typed reason.
  public enum Reason: Sendable, Hashable {
    /// A step answered a status that ends the flow: 401, 444, 500 or 501 (seed 64-65).
    case fatalStatus(Int)
    /// The session started by client verification expired (seed 22-23, 195-198).
    case sessionExpired
    /// Every attempt at the one-time code was used.
    case attemptsExhausted
    /// The backend does not offer the flows: their first call answered as a server
    /// without them does (``LoyaltyCore/LoyaltyError/Code/notOffered``).
    case notOffered
  }

  /// The typed reason.
  public let reason: Reason
  /// The error behind it, free of secrets.
  public let error: LoyaltyError

  /// Creates a failure.
  public init(reason: Reason, error: LoyaltyError) {
    self.reason = reason
    self.error = error
  }

  /// The error's description.
  public var description: String { "FlowFailure(\(reason)): \(error)" }
}
