#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension SandboxBackend {
  /// The one-time code every flow step of the sandbox accepts, for tests and demos.
  public static let flowOTPCode = "123456"

  /// Sets how long a flow's one-time code is accepted (120 s by default) and how long
  /// after a code a new one may be asked for (30 s by default), so a test or a tour can
  /// resend without waiting.
  public func setFlowCodeTimings(lifetime: TimeInterval = 120, resendAfter: TimeInterval = 30) {
    state.withLock { state in
      state.flows.codeLifetime = lifetime
      state.flows.resendAfter = resendAfter
    }
  }
}
