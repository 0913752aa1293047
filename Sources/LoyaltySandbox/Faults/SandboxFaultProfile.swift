#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Background misbehaviour applied to every request, on top of scripted faults.
public enum SandboxFaultProfile: Sendable, Hashable {
  /// Nothing goes wrong unless scripted.
  case none
  /// Every third request that is not a login, refresh or logout fails: 429 with
  /// `Retry-After: 1` for POST, 503 for GET; and each request waits 10 to 100 ms. Never
  /// two failures in a row, so a client that retries once gets through. The latency is
  /// drawn from `seed`.
  case flaky(seed: UInt64)
  /// Each request waits between 200 and 800 ms, drawn from `seed`.
  case slow(seed: UInt64)

  /// Parses `none`, `flaky` or `slow`.
  public init?(name: String, seed: UInt64 = 1) {
    switch name.lowercased() {
    case "none": self = .none
    case "flaky": self = .flaky(seed: seed)
    case "slow": self = .slow(seed: seed)
    default: return nil
    }
  }

  /// The profile's name.
  public var name: String {
    switch self {
    case .none: "none"
    case .flaky: "flaky"
    case .slow: "slow"
    }
  }
}
