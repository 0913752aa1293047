#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The rate limits for local, location-triggered offer notifications.
public struct NotificationLimits: Sendable, Hashable, Codable {
  /// The most notifications on one calendar day.
  public var perDay: Int
  /// The most in one calendar week (ISO 8601: Monday to Sunday).
  public var perWeek: Int
  /// The most in one calendar month.
  public var perMonth: Int
  /// The least time between two notifications for the same merchant, in seconds.
  public var merchantCooldown: TimeInterval
  /// The local hours notifications may be shown in: `10..<20` is 10:00 to 19:59.
  public var allowedHours: Range<Int>

  /// Creates limits; the defaults are the platform's.
  public init(
    perDay: Int = 2, perWeek: Int = 7, perMonth: Int = 20, merchantCooldown: TimeInterval = 86_400,
    allowedHours: Range<Int> = 10..<20
  ) {
    self.perDay = perDay
    self.perWeek = perWeek
    self.perMonth = perMonth
    self.merchantCooldown = merchantCooldown
    self.allowedHours = allowedHours
  }
}
