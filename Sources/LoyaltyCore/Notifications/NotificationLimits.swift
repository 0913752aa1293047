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

extension NotificationLimits {
  /// Decodes limits; every field is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    perDay = try container.decode("perDay")
    perWeek = try container.decode("perWeek")
    perMonth = try container.decode("perMonth")
    merchantCooldown = try container.decode("merchantCooldown")
    allowedHours = try container.decode("allowedHours")
  }

  /// Encodes every limit.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(perDay, "perDay")
    try container.encode(perWeek, "perWeek")
    try container.encode(perMonth, "perMonth")
    try container.encode(merchantCooldown, "merchantCooldown")
    try container.encode(allowedHours, "allowedHours")
  }
}
