#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What middleware knows about the call a request belongs to.
public struct RequestContext: Sendable {
  /// The endpoint's name.
  public let endpoint: String
  /// How the call authenticates.
  public let auth: AuthKind
  /// Whether repeating the call is harmless.
  public let isIdempotent: Bool
  /// When the call must be finished, retries included.
  public let deadline: Date
  /// Whether the call may be re-sent by the retry middleware.
  public let allowsRetries: Bool

  /// Creates a context.
  public init(
    endpoint: String, auth: AuthKind, isIdempotent: Bool, deadline: Date,
    allowsRetries: Bool = true
  ) {
    self.endpoint = endpoint
    self.auth = auth
    self.isIdempotent = isIdempotent
    self.deadline = deadline
    self.allowsRetries = allowsRetries
  }
}
