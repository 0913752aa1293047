import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A user of the sandbox and everything the backend keeps about them.
public struct SandboxUser: Sendable, Hashable {
  /// `uuid`: the user's id, and the `sub` of their access tokens.
  public let id: String
  /// `email`: what the email login and password calls name.
  public internal(set) var email: String
  /// The partner GUID the ticket and partner logins name, if any.
  public internal(set) var guid: String?
  /// `firstname`.
  public internal(set) var firstName: String
  /// `lastname`.
  public internal(set) var lastName: String
  /// `msisdn`.
  public internal(set) var phone: String
  /// `birthday`, sent as `yyyy-MM-dd`.
  public internal(set) var birthday: Date
  /// `gender`.
  public internal(set) var gender: String
  /// `language`.
  public internal(set) var language: String
  /// `points`: the balance.
  public internal(set) var points: Int
  /// `tier`.
  public internal(set) var tier: String
  /// `member_since`, sent as `yyyy-MM-dd HH:mm:ss`.
  public internal(set) var memberSince: Date
  /// The market pass barcode (13 digits).
  public internal(set) var marketPassBarcode: String
  /// The coupons the user holds, active and redeemed.
  public internal(set) var coupons: [SandboxCoupon]
  /// The cards the user added.
  public internal(set) var cards: [SandboxCard]
  /// Purchases and redemptions.
  public internal(set) var transactions: [SandboxTransaction]
  /// Changes to the points balance.
  public internal(set) var pointsHistory: [SandboxPointsEntry]
  /// The password the change-password call checks; never sent.
  var password: String

  func profileJSON() -> JSONValue {
    .object([
      "uuid": .string(id),
      "email": .string(email),
      "firstname": .string(firstName),
      "lastname": .string(lastName),
      "display_name": .string("\(firstName) \(lastName)"),
      "msisdn": .string(phone),
      "birthday": .string(SandboxDate.format(birthday, .day)),
      "gender": .string(gender),
      "language": .string(language),
      "points": .string(String(points)),
      "tier": .string(tier),
      "member_since": .string(SandboxDate.format(memberSince, .seconds)),
      "verified": .bool(true),
      "subscribed": .bool(false),
    ])
  }
}
