#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A merchant (a shop, or a branch of one).
public struct Merchant: Sendable, Hashable, Decodable, Identifiable {
  /// The merchant's id.
  public let id: String
  /// The name.
  public let name: String
  /// The description, in the requested language.
  public let description: String
  /// The category's uuid.
  public let category: String
  /// The street address.
  public let address: String
  /// The city.
  public let city: String
  /// The postal code.
  public let postalCode: String
  /// The telephone.
  public let telephone: String
  /// The website.
  public let website: URL?
  /// The preview image.
  public let imagePreview: URL?
  /// Latitude, degrees.
  public let latitude: Double?
  /// Longitude, degrees.
  public let longitude: Double?
  /// Whether it is shown by default.
  public let isDefaultShown: Bool
  /// Its tags.
  public let tags: [String]
  /// The merchant this one is a branch of.
  public let parentUUID: String?
  /// Kilometres from the requested centre, when one was given.
  public let distance: Double?

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    id = try c.string("uuid")
    name = try c.string("name")
    description = try c.string("description")
    category = try c.string("category")
    address = try c.string("address")
    city = try c.string("city")
    postalCode = try c.string("postal_code")
    telephone = try c.string("telephone")
    website = try c.url("website")
    imagePreview = try c.url("img_preview")
    latitude = try c.optionalDouble("lat")
    longitude = try c.optionalDouble("lon")
    isDefaultShown = try c.bool("default_shown")
    tags = try c.strings("tags")
    parentUUID = try c.optionalString("parent").flatMap { $0.isEmpty ? nil : $0 }
    distance = try c.optionalDouble("distance")
  }
}

/// A merchant category.
public struct MerchantCategory: Sendable, Hashable, Decodable, Identifiable {
  /// The category's id.
  public let id: String
  /// The name, in the requested language.
  public let name: String
  /// The name used by the platform's administrators (`supermarket`).
  public let adminName: String
  /// The image.
  public let image: URL?
  /// The parent category.
  public let parentUUID: String?

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    id = try c.string("uuid")
    name = try c.string("name")
    adminName = try c.string("admin_name")
    image = try c.url("image")
    parentUUID = try c.optionalString("parent").flatMap { $0.isEmpty ? nil : $0 }
  }
}

/// A content article.
public struct Article: Sendable, Hashable, Decodable, Identifiable {
  /// The article's id.
  public let id: String
  /// The title.
  public let title: String
  /// The subtitle.
  public let subtitle: String
  /// The body.
  public let body: String
  /// `news`, `tips`, `offers`, `energy`.
  public let category: String
  /// Its tags.
  public let tags: [String]
  /// The preview image.
  public let imagePreview: URL?
  /// The article's page.
  public let url: URL?
  /// When it was published.
  public let publishDate: Date?
  /// The sort key: lower first.
  public let sorting: Int

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    id = try c.string("uuid")
    title = try c.string("title")
    subtitle = try c.string("subtitle")
    body = try c.string("body")
    category = try c.string("category")
    tags = try c.strings("tags")
    imagePreview = try c.url("img_preview")
    url = try c.url("url")
    publishDate = try c.date("publish_date")
    sorting = try c.int("sorting")
  }
}
