import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A change to a user's points balance.
public struct SandboxPointsEntry: Sendable, Hashable {
  /// `entry_uuid`.
  public let uuid: String
  /// `entry_date`, sent as `yyyy-MM-dd HH:mm:ss`.
  public let date: Date
  /// `points`: positive when earned, negative when spent, sent as a string.
  public let points: Int
  /// `type`: `earn`, `bonus`, `redeem` or `expire`.
  public let type: String
  /// `description`.
  public let description: String
  /// `balance`: the balance after this entry, sent as a string.
  public let balance: Int

  func json() -> JSONValue {
    .object([
      "entry_uuid": .string(uuid),
      "entry_date": .string(SandboxDate.format(date, .seconds)),
      "points": .string(String(points)),
      "type": .string(type),
      "description": .string(description),
      "balance": .string(String(balance)),
    ])
  }
}
