import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A merchant (a shop) of the fixtures, as `MAPP_SHOPS.shops` lists it.
public struct SandboxMerchant: Sendable, Hashable {
  /// `uuid`.
  public let uuid: String
  /// `name`.
  public let name: String
  /// `description`.
  public let description: SandboxText
  /// `category`: a merchant category's `uuid`.
  public let categoryUUID: String
  /// `address`.
  public let address: String
  /// `city`.
  public let city: String
  /// `postal_code`.
  public let postalCode: String
  /// `telephone`.
  public let telephone: String
  /// `lat`, degrees.
  public let latitude: Double
  /// `lon`, degrees.
  public let longitude: Double
  /// `default_shown`.
  public let defaultShown: Bool
  /// `tags`.
  public let tags: [String]
  /// `parent`: the merchant this one is a branch of.
  public let parentUUID: String?

  func json(language: String, distance: Double?) -> JSONValue {
    var object: [String: JSONValue] = [
      "uuid": .string(uuid),
      "name": .string(name),
      "description": .string(description.text(for: language)),
      "category": .string(categoryUUID),
      "address": .string(address),
      "city": .string(city),
      "postal_code": .string(postalCode),
      "telephone": .string(telephone),
      "website": .string("https://shops.sandbox.loyalty.test/\(uuid)"),
      "img_preview": .string("https://cdn.sandbox.loyalty.test/shops/\(uuid)/logo.png"),
      "lat": .number(latitude),
      "lon": .number(longitude),
      "default_shown": .bool(defaultShown),
      "tags": .array(tags.map(JSONValue.string)),
      "parent": parentUUID.map(JSONValue.string) ?? .null,
    ]
    if let distance {
      object["distance"] = .number((distance * 1_000).rounded() / 1_000)
    }
    return .object(object)
  }
}
