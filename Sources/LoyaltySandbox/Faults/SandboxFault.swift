#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Something going wrong on purpose, for a test to see the SDK cope.
public enum SandboxFault: Sendable, Hashable {
  /// Answers with this HTTP status and `{"status": "0", "msg": ...}`.
  case status(Int)
  /// Answers 429 with `Retry-After` set to this many seconds.
  case rateLimited(retryAfter: Int)
  /// Sends no answer: the connection drops. ``SandboxTransport`` throws
  /// ``LoyaltyCore/LoyaltyError/Code/notConnected``; the emulator closes the socket.
  case dropConnection
  /// Sends no answer: ``SandboxTransport`` throws
  /// ``LoyaltyCore/LoyaltyError/Code/transportFailed``.
  case transportFailure
  /// Answers 200 with a body that is not JSON.
  case malformedBody
  /// Answers with the real body cut in half.
  case truncatedBody
  /// Revokes every access token issued so far, as if they expired mid-flight, then
  /// answers normally: a bearer call gets 401.
  case expireTokens
  /// Waits this many seconds, then answers normally.
  case delay(TimeInterval)
}
