#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The key that makes a call which moves value safe to send again: the server acts on
/// the first request carrying a key and answers every later one with the first answer.
///
/// The SDK sends one with every call that is not idempotent (a coupon redeemed, a card
/// added, a PIN set, a payment confirmed), in the ``headerName`` header, the same on every
/// attempt of one call. When such a call ends with
/// ``LoyaltyCore/LoyaltyError/Code/outcomeUnknown`` (the request may have reached the
/// server, and no answer came back), the error carries the key
/// (``LoyaltyCore/LoyaltyError/idempotencyKey``); sending the call again with the same
/// key is safe on a backend that honours it (`Docs/API.md`, "Idempotency keys"):
///
/// ```swift
/// do {
///   _ = try await market.redeemCoupon(productUUID: id, merchantID: merchant)
/// } catch let error as LoyaltyError where error.code == .outcomeUnknown {
///   _ = try await market.redeemCoupon(
///     productUUID: id, merchantID: merchant, idempotencyKey: error.idempotencyKey)
/// }
/// ```
public struct IdempotencyKey: Sendable, Hashable, CustomStringConvertible {
  /// The header that carries the key: `Idempotency-Key` (chosen here; the name of the
  /// IETF HTTP API working group's draft).
  public static let headerName = "Idempotency-Key"

  /// The key as sent: a lowercase UUID for the keys the SDK makes.
  public let rawValue: String

  /// A new random key.
  public init() {
    rawValue = UUID().uuidString.lowercased()
  }

  /// A key of the host's own: 1 to 255 visible ASCII characters, without spaces,
  /// commas or quotes; `nil` otherwise.
  public init?(_ rawValue: String) {
    guard (1...255).contains(rawValue.utf8.count),
      rawValue.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ",") && $0 != 0x22 })
    else { return nil }
    self.rawValue = rawValue
  }

  public var description: String { rawValue }
}
