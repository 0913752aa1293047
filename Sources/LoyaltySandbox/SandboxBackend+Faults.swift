#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension SandboxBackend {
  /// Makes the next `count` requests matching `target` fail with `fault`.
  ///
  /// Rules apply in the order they were added; each request uses up at most one.
  ///
  /// ```swift
  /// backend.failNext(2, with: .status(503), on: .endpoint(.campaigns))
  /// backend.failNext(with: .rateLimited(retryAfter: 1))
  /// backend.failNext(with: .dropConnection, on: .pathPrefix("/oauth/"))
  /// ```
  public func failNext(
    _ count: Int = 1, with fault: SandboxFault, on target: SandboxFaultTarget = .any
  ) {
    guard count > 0 else { return }
    state.withLock {
      $0.faults.rules.append(FaultBook.Rule(fault: fault, remaining: count, target: target))
    }
  }

  /// Delays every request matching `target` by `seconds` (on the configured clock) until
  /// ``clearFaults()``; latencies add up.
  public func addLatency(_ seconds: TimeInterval, on target: SandboxFaultTarget = .any) {
    guard seconds > 0 else { return }
    state.withLock {
      $0.faults.latencies.append(FaultBook.Latency(seconds: seconds, target: target))
    }
  }

  /// Applies background faults to every request from now on.
  public func setFaultProfile(_ profile: SandboxFaultProfile) {
    state.withLock { $0.faults.setProfile(profile) }
  }

  /// Removes scripted faults, latencies and the profile.
  public func clearFaults() {
    state.withLock { $0.faults = FaultBook() }
  }

  /// How many scripted failures are still waiting.
  public var pendingFaults: Int {
    state.withLock { $0.faults.rules.reduce(0) { $0 + $1.remaining } }
  }

  /// Revokes every access token issued so far, as if they all expired at once; refresh
  /// tokens keep working, so a client that refreshes after the 401 carries on.
  public func revokeAccessTokens() {
    state.withLock { $0.tokens.revokeAllAccess() }
  }
}
