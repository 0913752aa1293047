public import LoyaltyCore

/// The doctor's lines for a ``LoyaltyCore/SecurityDiagnostics`` report: encryption at
/// rest, and the session token (seed 000, "Encryption Diagnostics").
///
/// A host with a running client passes its report to ``Doctor`` (or calls
/// ``checks(for:)`` itself): `try await client.securityDiagnostics(...)`.
public enum SecurityDiagnosticsCheck {
  /// The lines for `diagnostics`: one for encryption, one for the token.
  public static func checks(for diagnostics: SecurityDiagnostics) -> [DoctorCheck] {
    [encryption(diagnostics), token(diagnostics.token)]
  }

  private static func encryption(_ diagnostics: SecurityDiagnostics) -> DoctorCheck {
    let count = diagnostics.encryptedValueCount.map { "\($0) values encrypted" }
    switch diagnostics.encryption {
    case .working:
      return .ok(
        "encryption", "a round trip with the key works" + (count.map { "; \($0)" } ?? ""))
    case .notConfigured where diagnostics.encryptionEnabled:
      return .error(
        "encryption",
        "database.encryptionEnabled is set but no field cipher is registered: "
          + "values are stored in clear",
        fix: "add SecurityModule() to the client's modules")
    case .notConfigured:
      return .warning(
        "encryption", "not configured: values are stored in clear",
        fix: "set database.encryptionEnabled and add SecurityModule()")
    case .failed(let reason):
      return .error(
        "encryption", "failed: \(reason)",
        fix: "restore the key the values were stored with, or erase the SDK's data "
          + "(eraseAllData) and log in again")
    }
  }

  private static func token(_ status: TokenStatus) -> DoctorCheck {
    switch status {
    case .absent:
      .ok("token", "no session token stored")
    case .valid, .expiringSoon:
      .ok("token", "\(status) on the server's clock")
    case .expired:
      .warning(
        "token", "\(status) on the server's clock",
        fix: "the next call refreshes it; if the refresh fails, log in again")
    case .unreadable:
      .error(
        "token", "\(status)",
        fix: "restore the key the tokens were stored with, or log in again")
    }
  }
}
