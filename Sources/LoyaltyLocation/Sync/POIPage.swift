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
  /// Whether the page holds its list of points, in some form: only then may a full sync
  /// replace the stored set with what it holds (`Docs/API.md`, "Calls a backend may not
  /// offer").
  package var holdsList = false

  /// Fields of the answer in a form other than ours (`Docs/API.md`, "Lists in answers"):
  /// read all the same, and reported by the sync.
  package var drift: [String] = []

  /// Reads the page from `MAPP_SHOPS` (or `result`) in `envelope`: an object with
  /// `version`, `full`, `next_cursor`, `pois` and `removed` (ours); or the points alone,
  /// in any form ``LoyaltyNetwork/AnswerList`` accepts, which is a whole (`full`) sync
  /// without a version.
  ///
  /// An answer is about points of interest only when it says so: `pois` under its own
  /// name (empty is zero points), a list in another form holding at least one element
  /// with a point's `id`, `lat` and `lon`, or a `version` or `removed` of ours. Anything
  /// else (no payload, an empty object, a list of merchants) is a backend that does not
  /// offer the sync: nothing stored is replaced.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/notOffered`` for an answer that holds no
  ///   points of interest in any form; ``LoyaltyCore/LoyaltyError/Code/poiSyncFailed``
  ///   naming the field when `pois` is there but not a list, or a page of several has no
  ///   version.
  package init(_ envelope: ResponseEnvelope) throws {
    let domain = POISyncEndpoint.domain
    guard let payload = envelope.payload(domain)?.value, payload != .null else {
      throw NotOffered.error(call: "retrieve_pois", "the answer holds no \(domain)")
    }
    let page: [String: JSONValue]
    if case .object(let object) = payload { page = object } else { page = [:] }
    let ours = page["version"] != nil || page["removed"] != nil || page["pois"] != nil
    let items: [JSONValue]
    if let (found, form) = AnswerList.elements(of: "pois", in: payload),
      form == .keyed || found.contains(where: Self.looksLikePoint)
    {
      items = found
      holdsList = true
      if form.isDrift { drift.append(form == .bare ? domain : "\(domain).pois") }
    } else if ours, page["pois"] == nil {
      items = []  // A page of removals only.
    } else if page["pois"] != nil {
      throw Self.failure("\(domain).pois", "is not a list")
    } else {
      throw NotOffered.error(call: "retrieve_pois", "the answer holds no points of interest")
    }
    nextCursor = page["next_cursor"]?.looseString.flatMap { $0.isEmpty ? nil : $0 }
    if let version = page["version"]?.looseString, !version.isEmpty {
      self.version = version
      full = page["full"]?.looseBool ?? false
    } else if nextCursor == nil, !items.isEmpty || page["pois"] != nil {
      // Without a version, a complete answer that holds its list can only be every
      // point: a full sync, asked again in full next time.
      if !page.isEmpty { drift.append("\(domain).version") }
      version = ""
      full = true
    } else if nextCursor == nil {
      // Removals alone, without a version: applied as changes, never as the whole.
      drift.append("\(domain).version")
      version = ""
      full = false
    } else {
      // A page of several without a version: applying it as the whole would remove
      // the points of the pages to come.
      throw Self.failure("\(domain).version", "is missing")
    }
    points.reserveCapacity(items.count)
    for item in items { read(item) }
    if case .array(let ids)? = page["removed"] {
      removed = ids.compactMap { $0.looseInt.map(Int64.init) }
    }
  }

  /// Whether `item` has what makes a point of interest: an `id`, a `lat` and a `lon`.
  private static func looksLikePoint(_ item: JSONValue) -> Bool {
    guard case .object(let object) = item else { return false }
    return object["id"] != nil && object["lat"] != nil && object["lon"] != nil
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
