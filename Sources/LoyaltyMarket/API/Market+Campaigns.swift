public import LoyaltyCore

extension Market {
  /// The campaigns to show, through the campaign pipeline: for a logged-in user, basic
  /// and personalized merged, filtered by coupon availability, carousel separated, CCMS,
  /// telco and questionnaire removed, sorted; for an anonymous user, the basic ones.
  ///
  /// Updates ``state`` (listed, all, carousel, supermarket campaign) and posts
  /// ``CampaignsRetrieved``.
  public func campaigns(language: String? = nil, filters: [String: JSONValue] = [:])
    async throws -> [Campaign]
  {
    let language = language ?? defaultLanguage
    return try await call("campaigns") {
      let basic = try await send(MarketEndpoints.campaigns, (language, filters))
      let result: CampaignPipeline.Result
      if await network.session.isLoggedIn {
        let personalized = try await send(
          MarketEndpoints.personalizedCampaigns, (language, filters))
        let sets = Array(Set((basic + personalized).map(\.couponSet).filter { !$0.isEmpty }))
          .sorted()
        // An availability answer that cannot be read was reported as drift; the
        // campaigns are then listed with their availability unknown.
        let availability =
          sets.isEmpty ? [:] : try await send(MarketEndpoints.availability, sets) ?? [:]
        result = CampaignPipeline.authenticated(
          basic: basic, personalized: personalized, availability: availability)
      } else {
        result = CampaignPipeline.anonymous(basic: basic)
      }
      await state.setCampaigns(result)
      await state.setSupermarketCampaign(
        result.all.first { $0.type.lowercased() == "supermarket" })
      events?.post(CampaignsRetrieved(count: result.campaigns.count))
      return result.campaigns
    }
  }

  /// The user's personalized campaigns, as the server sends them.
  public func personalizedCampaigns(
    language: String? = nil, filters: [String: JSONValue] = [:]
  ) async throws -> [Campaign] {
    try await perform(MarketEndpoints.personalizedCampaigns, (language ?? defaultLanguage, filters))
  }

  /// One campaign, by its session.
  public func singleCampaign(sessionUUID: String, language: String? = nil) async throws
    -> Campaign
  {
    try await perform(MarketEndpoints.singleCampaign, (sessionUUID, language ?? defaultLanguage))
  }

  /// The supermarket campaign, if there is one.
  public func supermarketCampaign(language: String? = nil) async throws -> Campaign? {
    let language = language ?? defaultLanguage
    return try await call("supermarket_campaign") {
      let basic = try await send(MarketEndpoints.campaigns, (language, [:]))
      let campaign = basic.first { $0.type.lowercased() == "supermarket" }
      await state.setSupermarketCampaign(campaign)
      return campaign
    }
  }
}
