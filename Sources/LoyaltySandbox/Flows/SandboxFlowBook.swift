#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the account and payment flows change on the backend: client-verification
/// tokens, one-time code challenges, PINs set and payments.
struct SandboxFlowBook: Sendable {
  /// A client-verification token.
  struct Grant: Sendable {
    let scope: String
    let expiresAt: Date
  }

  /// A one-time code sent for a flow step.
  struct Challenge: Sendable {
    var sentAt: Date
    var attemptsLeft: Int
    var verified = false
  }

  /// A QR payment opened by validation.
  struct Payment: Sendable {
    let reference: String
    let transactionID: String
    let faceRequired: Bool
    var confirmed = false
  }

  /// How long a code is accepted, in seconds.
  var codeLifetime: TimeInterval = 120
  /// How long after a code a new one may be asked for, in seconds.
  var resendAfter: TimeInterval = 30
  var grants: [String: Grant] = [:]
  /// By `token|type` (`SetPin`, `ChangePin`, `ForgotPin`) or `token|tx:<transactionId>`.
  var challenges: [String: Challenge] = [:]
  var forgetIdentifiers: [String: String] = [:]
  /// The `w-token`s that have a PIN.
  var pinsSet: Set<String> = []
  var payments: [String: Payment] = [:]
  var paymentsByTransaction: [String: String] = [:]
}
