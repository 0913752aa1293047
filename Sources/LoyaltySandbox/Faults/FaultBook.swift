import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The faults scripted for upcoming requests, the standing latency and the profile.
struct FaultBook: Sendable {
  /// A fault waiting for its requests.
  struct Rule: Sendable {
    var fault: SandboxFault
    var remaining: Int
    var target: SandboxFaultTarget
  }

  /// A standing latency.
  struct Latency: Sendable {
    var seconds: TimeInterval
    var target: SandboxFaultTarget
  }

  /// What happens to one request.
  struct Plan: Sendable {
    var delay: TimeInterval = 0
    var fault: SandboxFault?
  }

  var rules: [Rule] = []
  var latencies: [Latency] = []
  var profile: SandboxFaultProfile = .none
  private var profileRequests = 0
  private var profileFailedLast = false
  private var profileGenerator = SeededGenerator(seed: 0)

  mutating func setProfile(_ profile: SandboxFaultProfile) {
    self.profile = profile
    profileRequests = 0
    profileFailedLast = false
    switch profile {
    case .none: profileGenerator = SeededGenerator(seed: 0)
    case .flaky(let seed), .slow(let seed):
      profileGenerator = SeededGenerator(seed: seed, stream: "faults")
    }
  }

  /// Decides what happens to a request and consumes one use of the first matching rule.
  mutating func plan(for endpoint: SandboxEndpoint, method: HTTPMethod, path: String) -> Plan {
    var plan = Plan()
    for latency in latencies where latency.target.matches(endpoint, path: path) {
      plan.delay += latency.seconds
    }
    if let index = rules.firstIndex(where: { $0.target.matches(endpoint, path: path) }) {
      let fault = rules[index].fault
      rules[index].remaining -= 1
      if rules[index].remaining <= 0 {
        rules.remove(at: index)
      }
      if case .delay(let seconds) = fault {
        plan.delay += seconds
      } else {
        plan.fault = fault
      }
    }
    applyProfile(to: &plan, endpoint: endpoint, method: method)
    return plan
  }

  private mutating func applyProfile(
    to plan: inout Plan, endpoint: SandboxEndpoint, method: HTTPMethod
  ) {
    switch profile {
    case .none:
      return
    case .slow:
      plan.delay += profileGenerator.double(0.2, 0.8)
    case .flaky:
      plan.delay += profileGenerator.double(0.01, 0.1)
      guard !endpoint.isAuthentication, plan.fault == nil else { return }
      profileRequests += 1
      if profileRequests % 3 == 0 && !profileFailedLast {
        plan.fault = method == .get ? .status(503) : .rateLimited(retryAfter: 1)
        profileFailedLast = true
      } else {
        profileFailedLast = false
      }
    }
  }
}
