/// The state of encryption at rest and of the session token, as one report a host can
/// log (seed 000, "Encryption Diagnostics": `getEncryptionStats`,
/// `validateEncryptionSetup`, `getTokenStatus`).
///
/// Its description holds no secret: no key, no token, only states, counts and dates.
public struct SecurityDiagnostics: Sendable, Hashable, CustomStringConvertible {
  /// Whether encryption is set up and working.
  public var encryption: EncryptionStatus
  /// Whether the configuration asks for encryption at rest
  /// (``DatabaseConfiguration/encryptionEnabled``).
  public var encryptionEnabled: Bool
  /// How many stored values are encrypted; `nil` when no store can tell
  /// (``EncryptedValueCounting``).
  public var encryptedValueCount: Int?
  /// The stored token's state on the server's clock.
  public var token: TokenStatus

  /// Creates a report.
  public init(
    encryption: EncryptionStatus, encryptionEnabled: Bool, encryptedValueCount: Int?,
    token: TokenStatus
  ) {
    self.encryption = encryption
    self.encryptionEnabled = encryptionEnabled
    self.encryptedValueCount = encryptedValueCount
    self.token = token
  }

  /// Whether nothing needs attention: encryption working (or not asked for and not
  /// configured), and the token absent or usable.
  public var isHealthy: Bool {
    let encryptionHealthy =
      switch encryption {
      case .working: true
      case .notConfigured: !encryptionEnabled
      case .failed: false
      }
    let tokenHealthy =
      switch token {
      case .absent, .valid, .expiringSoon: true
      case .expired, .unreadable: false
      }
    return encryptionHealthy && tokenHealthy
  }

  /// `encryption: working (enabled), encrypted values: 4, token: valid until ...`.
  public var description: String {
    "encryption: \(encryption) (\(encryptionEnabled ? "enabled" : "disabled")), "
      + "encrypted values: \(encryptedValueCount.map(String.init) ?? "unknown"), "
      + "token: \(token)"
  }
}
