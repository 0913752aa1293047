import LoyaltyCore

/// Which merchants to fetch; every filter is optional and they combine with AND.
public struct MerchantFilters: Sendable, Hashable {
  /// Merchants whose category is one of these uuids.
  public var categories: [String]?
  /// Merchants with this `default_shown`.
  public var defaultShown: Bool?
  /// A point: merchants come nearest first, each with its distance.
  public var center: (latitude: Double, longitude: Double)?
  /// With ``center``: only merchants within this many kilometres.
  public var distance: Double?
  /// Merchants with at least one of these tags.
  public var tags: [String]?
  /// One merchant.
  public var uuid: String?
  /// Branches of these merchants.
  public var parentUUIDs: [String]?

  /// Creates filters.
  public init(
    categories: [String]? = nil, defaultShown: Bool? = nil,
    center: (latitude: Double, longitude: Double)? = nil, distance: Double? = nil,
    tags: [String]? = nil, uuid: String? = nil, parentUUIDs: [String]? = nil
  ) {
    self.categories = categories
    self.defaultShown = defaultShown
    self.center = center
    self.distance = distance
    self.tags = tags
    self.uuid = uuid
    self.parentUUIDs = parentUUIDs
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.fields == rhs.fields }
  public func hash(into hasher: inout Hasher) { hasher.combine(fields) }

  var fields: [String: JSONValue] {
    var fields: [String: JSONValue] = [:]
    fields["categories"] = categories.map { .array($0.map(JSONValue.string)) }
    fields["default_shown"] = defaultShown.map(JSONValue.bool)
    if let center {
      fields["center"] = ["lat": .number(center.latitude), "lon": .number(center.longitude)]
    }
    fields["distance"] = distance.map(JSONValue.number)
    fields["tags"] = tags.map { .array($0.map(JSONValue.string)) }
    fields["uuid"] = uuid.map(JSONValue.string)
    fields["parent_uuids"] = parentUUIDs.map { .array($0.map(JSONValue.string)) }
    return fields
  }
}

/// A card to add. Its number never leaves the SDK in a log or an error.
public struct NewCard: Sendable, Hashable, CustomStringConvertible {
  /// The card number, digits (spaces and dashes allowed).
  public var number: String
  /// The issuer.
  public var issuer: String
  /// The cardholder.
  public var holder: String
  /// `MM`.
  public var expirationMonth: String
  /// `YYYY`.
  public var expirationYear: String

  /// Creates a card.
  public init(
    number: String, issuer: String, holder: String, expirationMonth: String,
    expirationYear: String
  ) {
    self.number = number
    self.issuer = issuer
    self.holder = holder
    self.expirationMonth = expirationMonth
    self.expirationYear = expirationYear
  }

  public var description: String {
    "NewCard(**** \(number.filter(\.isNumber).suffix(4)), \(issuer), \(expirationMonth)/"
      + "\(expirationYear))"
  }
}
