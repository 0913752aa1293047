package import LoyaltyCore
package import LoyaltyNetwork

/// One page of a `shops.retrieve_pois` answer, read leniently: a point that cannot be
/// used is skipped and counted, never a failure of the page.
package struct POIPage: Sendable {
  /// The seed's fence radius (seed 350), for points that do not say.
  static let defaultRadius = 100.0

  package var points: [PointOfInterest] = []
  package var removed: [Int64] = []
  package var version: String
  package var full: Bool
  package var nextCursor: String?
  package var skipped: [POISyncReport.SkipReason: Int] = [:]
  package var defaultedRadius = 0

  /// Reads the page from `MAPP_SHOPS` in `envelope`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/poiSyncFailed`` naming the field when the
  ///   page has no object, no `version`, or a `pois` that is not a list.
  package init(_ envelope: ResponseEnvelope) throws {
    guard case .object(let page)? = envelope[POISyncEndpoint.domain] else {
      throw Self.failure("MAPP_SHOPS", "is missing or not an object")
    }
    guard let version = page["version"]?.looseString, !version.isEmpty else {
      throw Self.failure("MAPP_SHOPS.version", "is missing")
    }
    self.version = version
    full = page["full"]?.looseBool ?? false
    nextCursor = page["next_cursor"]?.looseString.flatMap { $0.isEmpty ? nil : $0 }
    switch page["pois"] {
    case .array(let items):
      points.reserveCapacity(items.count)
      for item in items { read(item) }
    case nil, .null?:
      break
    default:
      throw Self.failure("MAPP_SHOPS.pois", "is not a list")
    }
    if case .array(let ids)? = page["removed"] {
      removed = ids.compactMap { $0.looseInt.map(Int64.init) }
    }
  }

  private mutating func read(_ item: JSONValue) {
    guard case .object(let object) = item, let id = object["id"]?.looseInt else {
      skipped[.missingID, default: 0] += 1
      return
    }
    guard let latitude = object["lat"]?.looseDouble, let longitude = object["lon"]?.looseDouble,
      GeoPoint(latitude: latitude, longitude: longitude).isValid
    else {
      skipped[.invalidCoordinates, default: 0] += 1
      return
    }
    let radius: Double
    switch object["radius"] {
    case nil, .null?:
      radius = Self.defaultRadius
      defaultedRadius += 1
    case let value?:
      guard let read = value.looseDouble, read.isFinite, read >= 0 else {
        skipped[.invalidRadius, default: 0] += 1
        return
      }
      radius = read
    }
    points.append(
      PointOfInterest(
        id: Int64(id), latitude: latitude, longitude: longitude, radius: radius,
        merchantID: object["merchant_uuid"]?.looseString ?? "",
        name: object["name"]?.looseString ?? "",
        offerTitle: object["offer_title"]?.looseString,
        offerDescription: object["offer_description"]?.looseString))
  }

  private static func failure(_ field: String, _ problem: String) -> LoyaltyError {
    LoyaltyError(
      .poiSyncFailed, "The points-of-interest answer's \(field) \(problem).",
      metadata: ["field": field])
  }
}
