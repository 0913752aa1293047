import Foundation
import LoyaltyCore
public import LoyaltySandbox

/// One line of the emulator's request log: method, path (no query), the call, status,
/// size and time. It never holds a header or a body, so no token or key; what remains
/// still passes through ``LoyaltyCore/SecretMasker``.
public struct RequestLogLine: Sendable, CustomStringConvertible {
  /// The request method.
  public let method: String
  /// The path, without its query.
  public let path: String
  /// The call the sandbox took it for.
  public let endpoint: SandboxEndpoint
  /// The status answered, or `nil` when the connection was dropped.
  public let status: Int?
  /// The bytes of the answer's body, as sent.
  public let bytes: Int
  /// How long the answer took, in milliseconds.
  public let milliseconds: Double

  /// `POST /api/mobile/v2/<app>/context/ campaigns 200 4.2 KB 3.1 ms`.
  public var description: String {
    let outcome = status.map(String.init) ?? "dropped"
    let size =
      bytes >= 1_024 ? String(format: "%.1f KB", Double(bytes) / 1_024) : "\(bytes) B"
    let line =
      "\(method) \(path) \(endpoint) \(outcome) \(size) \(String(format: "%.1f", milliseconds)) ms"
    return SecretMasker.standard.mask(line)
  }
}
