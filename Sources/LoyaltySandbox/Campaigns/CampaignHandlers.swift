import LoyaltyCore

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

  /// `GET /api/session/{sessionUuid}`.
  static func single(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let uuid = call.pathValue, let campaign = call.catalog.campaign(sessionUUID: uuid) else {
      return .error(404, "No campaign has this session.")
    }
    let language = call.request.query["language"] ?? "el"
    return .context(domain, ["campaign": campaign.json(language: language)])
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
