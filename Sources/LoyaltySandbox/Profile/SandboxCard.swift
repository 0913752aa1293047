import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A payment card a user added. Only the last four digits are kept.
public struct SandboxCard: Sendable, Hashable {
  /// `token`: what `cards.delete_card` names.
  public let token: String
  /// The last four digits (`card_number` is sent masked: `**** **** **** 1111`).
  public let last4: String
  /// `card_issuer`.
  public let issuer: String
  /// `cardholder`.
  public let holder: String
  /// `expiration_month`: two digits.
  public let expirationMonth: String
  /// `expiration_year`: four digits.
  public let expirationYear: String
  /// `created`, sent as `yyyy-MM-dd HH:mm:ss`.
  public let created: Date

  func json() -> JSONValue {
    .object([
      "token": .string(token),
      "card_number": .string("**** **** **** \(last4)"),
      "last4": .string(last4),
      "card_issuer": .string(issuer),
      "cardholder": .string(holder),
      "expiration_month": .string(expirationMonth),
      "expiration_year": .string(expirationYear),
      "created": .string(SandboxDate.format(created, .seconds)),
    ])
  }
}
