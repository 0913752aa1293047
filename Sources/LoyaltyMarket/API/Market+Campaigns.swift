public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Market {
  /// The campaigns to show, through the campaign pipeline: for a logged-in user, basic
  /// and personalized merged, filtered by coupon availability, carousel separated, CCMS,
  /// telco and questionnaire removed, sorted; for an anonymous user, the basic ones.
  /// Under the configured read policy.
  ///
  /// Updates ``state`` (listed, all, carousel, supermarket campaign) and posts
  /// ``CampaignsRetrieved``.
  public func campaigns(language: String? = nil, filters: [String: JSONValue] = [:])
    async throws -> [Campaign]
  {
    try await campaigns(language: language, filters: filters, policy: nil).value
  }

  /// The campaigns to show under `policy`, with where they came from and when: from the
  /// cache when any of the answers they are made of came from it, as old as the oldest.
  public func campaigns(
    language: String? = nil, filters: [String: JSONValue] = [:], policy: ReadPolicy?
  ) async throws -> Answered<[Campaign]> {
    let language = language ?? defaultLanguage
    return try await call("campaigns") {
      try await reading(
        "campaigns", kind: "campaigns", policy, language: language,
        rerun: { [weak self] policy, language in
          _ = try? await self?.campaigns(language: language, filters: filters, policy: policy)
        }
      ) { [self] policy, ticket in
        let basic = try await read(
          MarketEndpoints.campaigns, (language, filters), kind: "campaigns", policy: policy,
          ticket: ticket)
        var parts: [(source: AnswerSource, answeredAt: Date)] = [
          (basic.source, basic.answeredAt)
        ]
        let result: CampaignPipeline.Result
        if await network.session.isLoggedIn {
          let personalized = try await read(
            MarketEndpoints.personalizedCampaigns, (language, filters), kind: "campaigns",
            policy: policy, ticket: ticket)
          parts.append((personalized.source, personalized.answeredAt))
          let sets = Array(
            Set((basic.value + personalized.value).map(\.couponSet).filter { !$0.isEmpty })
          ).sorted()
          // An availability answer that cannot be read was reported as drift; the
          // campaigns are then listed with their availability unknown.
          var availability: [String: Int] = [:]
          if !sets.isEmpty {
            let counts = try await read(
              MarketEndpoints.availability, sets, kind: "campaigns", policy: policy,
              ticket: ticket)
            parts.append((counts.source, counts.answeredAt))
            availability = counts.value ?? [:]
          }
          result = CampaignPipeline.authenticated(
            basic: basic.value, personalized: personalized.value, availability: availability)
        } else {
          result = CampaignPipeline.anonymous(basic: basic.value)
        }
        let fromCache = parts.contains { $0.source == .cache }
        return Answered(
          value: result,
          source: fromCache
            ? .cache : parts.allSatisfy { $0.source == .revalidated } ? .revalidated : .network,
          answeredAt: parts.map(\.answeredAt).min() ?? basic.answeredAt)
      } landing: { [events] state, answered in
        let result = answered.value
        state.setCampaigns(result)
        state.setSupermarketCampaign(result.all.first { $0.type.lowercased() == "supermarket" })
        events?.post(CampaignsRetrieved(count: result.campaigns.count))
      }
    }.map(\.campaigns)
  }

  /// The user's personalized campaigns, as the server sends them.
  public func personalizedCampaigns(
    language: String? = nil, filters: [String: JSONValue] = [:]
  ) async throws -> [Campaign] {
    try await perform(MarketEndpoints.personalizedCampaigns, (language ?? defaultLanguage, filters))
  }

  /// One campaign, by its session, under the configured read policy. Its answer is a
  /// `GET`: a cached one with an `ETag` or `Last-Modified` is revalidated, and a `304`
  /// reuses it.
  public func singleCampaign(sessionUUID: String, language: String? = nil) async throws
    -> Campaign
  {
    try await singleCampaign(sessionUUID: sessionUUID, language: language, policy: nil).value
  }

  /// One campaign under `policy`, with where it came from and when
  /// (``AnswerSource/revalidated`` after a `304`).
  public func singleCampaign(sessionUUID: String, language: String? = nil, policy: ReadPolicy?)
    async throws -> Answered<Campaign>
  {
    let language = language ?? defaultLanguage
    return try await call(MarketEndpoints.singleCampaign.name) {
      try await reading(
        MarketEndpoints.singleCampaign.name, kind: "single_campaign", policy, language: language
      ) { [self] policy, ticket in
        try await read(
          MarketEndpoints.singleCampaign, (sessionUUID, language), kind: "single_campaign",
          policy: policy, ticket: ticket)
      }
    }
  }

  /// The supermarket campaign, if there is one, under the configured read policy.
  public func supermarketCampaign(language: String? = nil) async throws -> Campaign? {
    try await supermarketCampaign(language: language, policy: nil).value
  }

  /// The supermarket campaign under `policy`, with where it came from and when.
  public func supermarketCampaign(language: String? = nil, policy: ReadPolicy?) async throws
    -> Answered<Campaign?>
  {
    let language = language ?? defaultLanguage
    return try await call("supermarket_campaign") {
      try await reading(
        "supermarket_campaign", kind: "campaigns", policy, language: language
      ) { [self] policy, ticket in
        let basic = try await read(
          MarketEndpoints.campaigns, (language, [:]), kind: "campaigns", policy: policy,
          ticket: ticket)
        return basic.map { list in list.first { $0.type.lowercased() == "supermarket" } }
      } landing: { state, answered in
        state.setSupermarketCampaign(answered.value)
      }
    }
  }
}
