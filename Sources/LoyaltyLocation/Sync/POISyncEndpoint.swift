import LoyaltyCore
package import LoyaltyNetwork

/// `shops.retrieve_pois`: one page of the points of interest, all of them or the
/// changes since a version. `Docs/API.md`, "Points of interest", is the contract.
///
/// `package` so that the fuzz harness (Tests/LoyaltyFuzz) reads answers through exactly
/// the endpoint the sync sends.
package enum POISyncEndpoint {
  /// The answer's domain.
  static let domain = "MAPP_SHOPS"
  /// Points per page the client asks for.
  package static let pageSize = 500

  /// One page: every point when `version` is `nil`, else the changes since it.
  package static func page(since version: String?, cursor: String?, limit: Int = pageSize)
    -> Endpoint<POIPage>
  {
    var fields: [String: JSONValue] = ["action": "retrieve_pois", "limit": .integer(limit)]
    fields["since"] = version.map(JSONValue.string)
    fields["cursor"] = cursor.map(JSONValue.string)
    var endpoint = Endpoint<POIPage>(
      name: "retrieve_pois", method: .post, path: "/api/mobile/v2/{appUUID}/context/",
      auth: .standard, body: .wrapped("shops", fields), isIdempotent: true,
      check: .domain(domain)
    ) { envelope in try POIPage(envelope) }
    // Not in seed 000: a backend may not offer it (`NotOffered`).
    endpoint.isBeyondContract = true
    return endpoint
  }
}
