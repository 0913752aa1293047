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
  /// The request never reaches the server: the handler does not run, nothing changes,
  /// and no answer is sent. ``SandboxTransport`` throws
  /// ``LoyaltyCore/LoyaltyError/Code/notConnected``; the emulator closes the socket.
  case dropConnection
  /// The request never reaches the server: the handler does not run, nothing changes,
  /// and ``SandboxTransport`` throws ``LoyaltyCore/LoyaltyError/Code/transportFailed``.
  case transportFailure
  /// The server acts and answers, and the connection is lost before the answer arrives:
  /// the call runs as usual (its changes are made, its answer is recorded for its
  /// `Idempotency-Key`, if it carries one, and counted in
  /// ``SandboxCounters/statuses``), then ``SandboxTransport`` throws
  /// ``LoyaltyCore/LoyaltyError/Code/connectionLost`` instead of returning the answer; the
  /// emulator closes the socket. This is what a reset after the server answered looks
  /// like to a client.
  case connectionLostAfterAnswer
  /// Answers 200 with a body that is not JSON.
  case malformedBody
  /// Answers with the real body cut in half.
  case truncatedBody
  /// Revokes every access token issued so far, as if they expired mid-flight, then
  /// answers normally: a bearer call gets 401.
  case expireTokens
  /// Waits this many seconds, then answers normally.
  case delay(TimeInterval)
  /// Answers 200 with a success that holds nothing, `{"status": "1", "context": {}}`;
  /// the handler does not run.
  case emptySuccess
  /// Answers 200 with another call's answer, a list of merchants (under
  /// `MAPP_SHOPS.shops` and as `result`); the handler does not run.
  case otherCallAnswer
}
