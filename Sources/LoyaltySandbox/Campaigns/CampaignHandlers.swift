import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The campaign calls: `campaigns.retrieve` in both contexts and the single campaign.
enum CampaignHandlers {
  /// The calls of this group the sandbox answers; ``SandboxRoutes`` gathers them.
  static let routes: [SandboxRoute] = [
    SandboxRoute(
      .context(domain: "campaigns", action: "retrieve"), endpoint: .campaigns, auth: .standard,
      answer: .list("campaigns"), handler: CampaignHandlers.campaigns),
    SandboxRoute(
      .context(domain: "campaigns", action: "retrieve"), endpoint: .personalizedCampaigns,
      auth: .bearer, answer: .list("campaigns"), handler: CampaignHandlers.personalized),
  ]

  static let domain = "MAPP_CAMPAIGNING"

  /// `campaigns.retrieve`, standard context: every campaign matching the filters.
  static func campaigns(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    answer(call.catalog.campaigns, call)
  }

  /// `campaigns.retrieve`, authenticated context: the user's personalized campaigns.
  static func personalized(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let userID = call.userID else { return SandboxReply.invalidToken }
    return answer(call.generator.personalizedCampaigns(userID: userID, catalog: call.catalog), call)
  }

  /// `GET /api/session/{sessionUuid}`, with an `ETag` (the campaign's content in the
  /// language asked for): `304 Not Modified` when `If-None-Match` names it (or is `*`).
  static func single(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let uuid = call.pathValue, let campaign = call.catalog.campaign(sessionUUID: uuid) else {
      return .error(404, "No campaign has this session.")
    }
    let language = call.request.query["language"] ?? "el"
    let payload = campaign.json(language: language)
    let tag = entityTag(of: payload)
    if let sent = call.request.headers["If-None-Match"], matches(sent, tag) {
      var reply = SandboxReply(status: 304, body: .raw(Data()))
      reply.headers.add(name: "ETag", value: tag)
      return reply
    }
    var reply = SandboxReply.context(domain, ["campaign": payload])
    reply.headers.add(name: "ETag", value: tag)
    return reply
  }

  /// A strong entity tag of `payload`: the start of the SHA-256 of its JSON.
  static func entityTag(of payload: JSONValue) -> String {
    let bytes = Array((try? payload.jsonData()) ?? Data())
    let digest = SandboxDirectoryBook.Snapshot.hex(PortableSHA256.digest(bytes))
    return "\"campaign-" + digest.prefix(16) + "\""
  }

  /// Whether an `If-None-Match` value names `tag`: `*`, or one of its comma-separated
  /// tags equal to it, weak (`W/`) forms compared weakly (RFC 9110, 13.1.2).
  static func matches(_ header: String, _ tag: String) -> Bool {
    let sent = header.split(separator: ",").map { String($0).trimmingWhitespaces() }
    return sent.contains("*")
      || sent.contains { ($0.hasPrefix("W/") ? String($0.dropFirst(2)) : $0) == tag }
  }

  private static func answer(_ campaigns: [SandboxCampaign], _ call: SandboxCall) -> SandboxReply {
    var types: Set<String>?
    var categories: Set<String>?
    var filterValues: Set<String>?
    switch call.fields["filters"] {
    case nil, .null?:
      break
    case .object(let filters)?:
      types = strings(filters["campaign_type"])
      categories = strings(filters["offer_category"])
      filterValues = strings(filters["filter"])
    default:
      return .badField("filters", "must be an object")
    }
    let language = call.language
    let matching = campaigns.filter {
      (types?.contains($0.type) ?? true) && (categories?.contains($0.offerCategory) ?? true)
        && (filterValues?.contains($0.filter) ?? true)
    }
    return .context(domain, ["campaigns": .array(matching.map { $0.json(language: language) })])
  }

  private static func strings(_ value: JSONValue?) -> Set<String>? {
    switch value {
    case .string(let text)?: [text]
    case .array(let values)?: Set(values.compactMap(\.looseString))
    default: nil
    }
  }
}
