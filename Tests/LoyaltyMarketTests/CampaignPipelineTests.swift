import Foundation
import LoyaltyMarket
import Testing

@Suite("Campaign pipeline")
struct CampaignPipelineTests {
  static func campaign(
    _ id: String, type: String = "coupon", set: String = "", sorting: Int = 0,
    carousel: Bool = false, title: String = ""
  ) -> Campaign {
    Campaign(
      sessionUUID: id, title: title, type: type, couponSet: set, sorting: sorting,
      isCarousel: carousel)
  }

  @Test("a logged-in user's campaigns: merged, availability attached, filtered, separated, sorted")
  func authenticated() {
    let basic = [
      Self.campaign("a", set: "s1", sorting: 5),
      Self.campaign("b", set: "s2", sorting: 1),
      Self.campaign("c", type: "ccms", sorting: 0),
      Self.campaign("d", type: "telco", sorting: 2),
      Self.campaign("e", type: "questionnaire", sorting: 3),
      Self.campaign("f", type: "content", sorting: 4, carousel: true),
      Self.campaign("p", set: "s1", sorting: 9, title: "basic"),
    ]
    let personalized = [
      Self.campaign("p", set: "s1", sorting: 0, title: "personal"),
      Self.campaign("q", set: "s3", sorting: 7),
    ]
    let result = CampaignPipeline.authenticated(
      basic: basic, personalized: personalized, availability: ["s1": 3, "s2": 0, "s3": 1])
    #expect(result.campaigns.map(\.sessionUUID) == ["p", "a", "q"])
    #expect(result.campaigns.first?.title == "personal", "personalized replaces basic")
    #expect(result.campaigns.map(\.couponAvailability) == [3, 3, 1])
    #expect(result.carousel.map(\.sessionUUID) == ["f"])
    #expect(result.all.count == 8)
    #expect(result.all.map(\.sorting) == result.all.map(\.sorting).sorted())
    #expect(!result.campaigns.contains { $0.sessionUUID == "b" }, "none left: removed")
  }

  @Test("an anonymous user's campaigns: basic only, unfiltered, sorted")
  func anonymous() {
    let basic = [
      Self.campaign("a", sorting: 2), Self.campaign("c", type: "ccms", sorting: 1),
      Self.campaign("b", set: "s", sorting: 3),
    ]
    let result = CampaignPipeline.anonymous(basic: basic)
    #expect(result.campaigns.map(\.sessionUUID) == ["c", "a", "b"])
    #expect(result.all == result.campaigns)
  }

  @Test("the state keeps active coupons by expiration and redeemed ones newest first")
  func stateSorting() async throws {
    let json = #"""
      [{"coupon": "late", "status": 1, "expiration": "2027-05-01 00:00:00"},
       {"coupon": "old-redeemed", "status": 0, "redeemed_date": "2026-01-01 10:00:00.000000"},
       {"coupon": "soon", "status": "1", "expiration": "2027-01-01 00:00:00"},
       {"coupon": "new-redeemed", "status": 0, "redeemed_date": "2026-06-01 10:00:00.000000"}]
      """#
    let coupons = try JSONDecoder().decode([Coupon].self, from: Data(json.utf8))
    let state = MarketState()
    let changes = await state.changes()
    await state.setCoupons(coupons)
    #expect(await state.activeCoupons.map(\.code) == ["soon", "late"])
    #expect(await state.redeemedCoupons.map(\.code) == ["new-redeemed", "old-redeemed"])
    var iterator = changes.makeAsyncIterator()
    #expect(await iterator.next() == .coupons)
  }
}

@Suite("Campaign pipeline: the seed's markers")
struct CampaignPipelineSeedTests {
  @Test(
    "CCMS, telco and questionnaire campaigns are hidden by type or by offer category",
    arguments: ["ccms", "TELCO", "questionnaire"])
  func hidden(kind: String) {
    let byType = Campaign(sessionUUID: "t", type: kind)
    let byCategory = Campaign(sessionUUID: "c", offerCategory: kind, type: "coupon")
    let shown = Campaign(sessionUUID: "s", offerCategory: "food", type: "coupon")
    let result = CampaignPipeline.authenticated(
      basic: [byType, byCategory, shown], personalized: [], availability: [:])
    #expect(result.campaigns.map(\.sessionUUID) == ["s"])
    #expect(result.all.count == 3)
  }
}
