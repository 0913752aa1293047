import LoyaltyCore

/// `shops.retrieve_pois`: the geofencing points of interest, page by page, all of them
/// or the changes since a version (`Docs/API.md`, "Points of interest").
enum POIHandlers {
  /// The calls of this group the sandbox answers; ``SandboxRoutes`` gathers them.
  static let routes: [SandboxRoute] = [
    // Points of interest (geofencing): Sources/LoyaltySandbox/PointsOfInterest. Its
    // `removed` ids are a sibling of the list.
    SandboxRoute(
      .context(domain: "shops", action: "retrieve_pois"), endpoint: .pointsOfInterest,
      auth: .standard, answer: .list("pois"), handler: POIHandlers.pointsOfInterest)
  ]

  static let domain = "MAPP_SHOPS"
  static let defaultLimit = 500
  static let maximumLimit = 1_000

  /// `since` (a version this backend gave; anything else gets every point, marked
  /// `full`), `cursor` (from the previous page), `limit` (1 to 1,000, default 500).
  static func pointsOfInterest(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    state.pointsOfInterest.seedIfNeeded(call.catalog)
    let current = state.pointsOfInterest.version
    var limit = defaultLimit
    if let field = call.fields["limit"], field != .null {
      guard let read = field.looseInt, (1...maximumLimit).contains(read) else {
        return .error(400, "limit must be a whole number from 1 to \(maximumLimit).")
      }
      limit = read
    }
    var offset = 0
    if let cursor = call.string("cursor") {
      guard let read = Int(cursor), read >= 0 else {
        return .error(400, "cursor is not one this backend gave.")
      }
      offset = read
    }
    // A version this backend never gave (or from before it started) gets everything.
    let since = call.string("since").flatMap(Int.init).flatMap {
      (1...current).contains($0) ? $0 : nil
    }
    let full = since == nil
    let changes = state.pointsOfInterest.changes(since: since, offset: offset, limit: limit)
    let page = changes.page
    let next = offset + page.count < changes.total ? String(offset + page.count) : nil
    return .context(
      domain,
      .object([
        "version": .string(String(current)),
        "full": .bool(full),
        "pois": .array(page.map(\.json)),
        // Removals are small: all of them come with the first page.
        "removed": .array(offset == 0 ? changes.removed.map { .integer(Int($0)) } : []),
        "next_cursor": next.map(JSONValue.string) ?? .null,
      ]))
  }
}
