/// Whether values are encrypted at rest, and whether that works (seed 000:
/// `validateEncryptionSetup`).
public enum EncryptionStatus: Sendable, Hashable, CustomStringConvertible {
  /// No field cipher is registered: values are stored in clear.
  case notConfigured
  /// A cipher is registered and a round trip with its key succeeded, and the stored
  /// encrypted values open with it.
  case working
  /// A cipher is registered but a round trip failed, or stored values do not open with
  /// its key; `reason` says why, without a secret.
  case failed(reason: String)

  /// Whether a field cipher is registered.
  public var isConfigured: Bool {
    switch self {
    case .notConfigured: false
    case .working, .failed: true
    }
  }

  /// `not configured`, `working` or `failed: <reason>`.
  public var description: String {
    switch self {
    case .notConfigured: "not configured"
    case .working: "working"
    case .failed(let reason): "failed: \(reason)"
    }
  }
}
