public import LoyaltyCore

/// What the notification limiter decided for one fence entry.
public struct EntryDecision: Sendable, Hashable {
  /// The fence entered.
  public let pointOfInterest: PointOfInterest
  /// Allowed, or why not.
  public let decision: LimitDecision

  /// Creates a decision.
  public init(pointOfInterest: PointOfInterest, decision: LimitDecision) {
    self.pointOfInterest = pointOfInterest
    self.decision = decision
  }
}
