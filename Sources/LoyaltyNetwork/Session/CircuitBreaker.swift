import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Stops refresh calls after repeated failures, then lets exactly one trial through
/// once the cool-down has passed.
///
/// closed --(threshold consecutive failures)--> open --(cool-down)--> half-open
/// half-open --(trial succeeds)--> closed; half-open --(trial fails)--> open
public struct CircuitBreaker: Sendable, Equatable {
  /// The breaker's state.
  public enum State: Sendable, Equatable {
    /// Calls go through; `failures` consecutive failures so far.
    case closed(failures: Int)
    /// Calls are refused until `until`.
    case open(until: Date)
    /// One trial call is allowed; `trialInFlight` once it has been let through.
    case halfOpen(trialInFlight: Bool)
  }

  /// Consecutive failures that open the breaker.
  public let threshold: Int
  /// How long the breaker stays open.
  public let coolDown: TimeInterval
  /// The current state.
  public private(set) var state: State = .closed(failures: 0)

  /// Creates a closed breaker.
  public init(threshold: Int, coolDown: TimeInterval) {
    self.threshold = max(1, threshold)
    self.coolDown = coolDown
  }

  /// Asks to make a call at `now`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/circuitOpen`` while open, or while the
  ///   half-open trial is in flight.
  public mutating func permit(at now: Date) throws {
    switch state {
    case .closed:
      return
    case .open(let until) where now >= until:
      state = .halfOpen(trialInFlight: true)
    case .open(let until):
      throw LoyaltyError(
        .circuitOpen,
        "Refresh calls are paused for \(Int(saturating: until.timeIntervalSince(now).rounded(.up))) s "
          + "after repeated failures.",
        recoverySuggestion: "Wait for the cool-down, or log in again.")
    case .halfOpen(let trialInFlight):
      if trialInFlight {
        throw LoyaltyError(.circuitOpen, "A trial refresh is already in flight.")
      }
      state = .halfOpen(trialInFlight: true)
    }
  }

  /// Records a successful call.
  public mutating func recordSuccess() {
    state = .closed(failures: 0)
  }

  /// Records a failed call at `now`.
  /// - Returns: Whether this failure opened the breaker: the threshold was reached while
  ///   closed, or the half-open trial failed. A failure while already open only extends
  ///   the cool-down.
  @discardableResult
  public mutating func recordFailure(at now: Date) -> Bool {
    switch state {
    case .closed(let failures) where failures + 1 >= threshold:
      state = .open(until: now.addingTimeInterval(coolDown))
      return true
    case .closed(let failures):
      state = .closed(failures: failures + 1)
      return false
    case .halfOpen:
      state = .open(until: now.addingTimeInterval(coolDown))
      return true
    case .open:
      state = .open(until: now.addingTimeInterval(coolDown))
      return false
    }
  }

  /// Whether the breaker refuses calls at `now`.
  public func isOpen(at now: Date) -> Bool {
    if case .open(let until) = state { return now < until }
    return false
  }
}
