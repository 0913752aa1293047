import LoyaltyCore

/// A merchant category, as `MAPP_SHOPS.categories` lists it.
public struct SandboxMerchantCategory: Sendable, Hashable {
  /// `uuid`.
  public let uuid: String
  /// `name`.
  public let name: SandboxText
  /// `admin_name`: a stable, unlocalized name.
  public let adminName: String
  /// `parent`: the category this one belongs to.
  public let parentUUID: String?

  func json(language: String) -> JSONValue {
    .object([
      "uuid": .string(uuid),
      "name": .string(name.text(for: language)),
      "admin_name": .string(adminName),
      "image": .string("https://cdn.sandbox.loyalty.test/categories/\(adminName).png"),
      "parent": parentUUID.map(JSONValue.string) ?? .null,
    ])
  }
}
