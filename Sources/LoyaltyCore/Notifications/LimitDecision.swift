#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Whether a notification may be shown now, and if not, why.
public enum LimitDecision: Sendable, Hashable {
  /// It may.
  case allowed
  /// Outside the allowed hours.
  case outsideAllowedHours
  /// The day's quota is used.
  case dailyLimitReached
  /// The week's quota is used.
  case weeklyLimitReached
  /// The month's quota is used.
  case monthlyLimitReached
  /// The same merchant was notified less than the cool-down ago; allowed again at `until`.
  case merchantCoolingDown(until: Date)

  /// Whether the notification may be shown.
  public var isAllowed: Bool { self == .allowed }
}
