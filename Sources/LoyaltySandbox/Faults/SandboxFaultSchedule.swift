#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The faults waiting for requests, the standing latencies and the profile: what
/// ``SandboxBackend/failNext(_:with:on:)``, ``SandboxBackend/addLatency(_:on:)`` and
/// ``SandboxBackend/setFaultProfile(_:)`` set and requests have not used up yet.
public struct SandboxFaultSchedule: Sendable {
  /// A fault waiting for its requests.
  public struct Rule: Sendable, Hashable {
    /// The fault.
    public let fault: SandboxFault
    /// The requests it still applies to.
    public let remaining: Int
    /// Which requests.
    public let target: SandboxFaultTarget
  }

  /// A standing latency.
  public struct Latency: Sendable, Hashable {
    /// The seconds added to each request.
    public let seconds: TimeInterval
    /// Which requests.
    public let target: SandboxFaultTarget
  }

  /// The background profile.
  public let profile: SandboxFaultProfile
  /// The scripted faults, in the order they apply.
  public let rules: [Rule]
  /// The standing latencies.
  public let latencies: [Latency]
}

extension SandboxBackend {
  /// The faults scripted and not used up, the latencies and the profile.
  public var faultSchedule: SandboxFaultSchedule {
    state.withLock { state in
      SandboxFaultSchedule(
        profile: state.faults.profile,
        rules: state.faults.rules.map {
          SandboxFaultSchedule.Rule(fault: $0.fault, remaining: $0.remaining, target: $0.target)
        },
        latencies: state.faults.latencies.map {
          SandboxFaultSchedule.Latency(seconds: $0.seconds, target: $0.target)
        })
    }
  }
}
