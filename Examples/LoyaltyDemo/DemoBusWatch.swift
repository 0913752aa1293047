import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork

/// What a host hears on the event bus during the tour: the login event (the seed's
/// `onAuthenticated`) and each call's outcome, the event a host forwards to its
/// monitoring.
final class DemoBusWatch: Sendable {
  private let logins = Locked<[Authenticated]>([])
  private let outcomes = Locked<[CallCompleted]>([])
  private let subscriptions: [EventSubscription]

  init(_ bus: EventBus) {
    let (logins, outcomes) = (logins, outcomes)
    subscriptions = [
      bus.subscribe(Authenticated.self) { event in logins.withLock { $0.append(event) } },
      bus.subscribe(CallCompleted.self) { event in outcomes.withLock { $0.append(event) } },
    ]
  }

  deinit {
    for subscription in subscriptions {
      subscription.cancel()
    }
  }

  /// Reports the login event and the outcome of `operation`, waiting a moment for the
  /// bus to deliver them (it never blocks the poster).
  func reportLogin(_ operation: String, _ report: inout DemoReport) async {
    for _ in 0..<200 where logins.withLock({ $0.isEmpty }) || outcome(of: operation) == nil {
      try? await Task.sleep(for: .milliseconds(10))
    }
    if let login = logins.withLock({ $0.last }) {
      report.line(
        "the bus posted \(Authenticated.eventName): method \(login.method.rawValue), "
          + "user \(login.userID ?? "not named by the token") (never the tokens)")
    }
    if let outcome = outcome(of: operation) {
      report.line(
        "and \(CallCompleted.eventName): \(outcome.operation), "
          + "\(outcome.succeeded ? "success" : "error \(outcome.errorCode ?? 0)"), "
          + "\(outcome.attributes["duration_ms"] ?? "?") ms (a host forwards it to its monitoring)")
    }
  }

  /// How many calls have reported their outcome, and how many of them failed.
  var outcomeCounts: (calls: Int, failed: Int) {
    outcomes.withLock { ($0.count, $0.filter { !$0.succeeded }.count) }
  }

  private func outcome(of operation: String) -> CallCompleted? {
    outcomes.withLock { $0.last { $0.operation == operation } }
  }
}
