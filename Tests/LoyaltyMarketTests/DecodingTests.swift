import Foundation
import LoyaltyCore
import LoyaltyMarket
import Testing

@Suite("Tolerant decoding")
struct DecodingTests {
  @Test(
    "the backend's date formats parse, in UTC unless a zone is given",
    arguments: [
      ("2026-11-21 10:30:15", 1_795_257_015.0),
      ("2026-11-21 10:30:15+00:00", 1_795_257_015.0),
      ("2026-11-21 12:30:15+02:00", 1_795_257_015.0),
      ("2026-11-21 12:30:15+0200", 1_795_257_015.0),
      ("2026-11-21T10:30:15Z", 1_795_257_015.0),
      ("2026-11-21 10:30:15.250000", 1_795_257_015.25),
      ("2026-11-21 10:30", 1_795_257_000.0),
      ("2026-11-21", 1_795_219_200.0),
      ("2024-02-29 00:00:00", 1_709_164_800.0),
    ])
  func dates(_ text: String, _ expected: Double) throws {
    let date = try #require(LoyaltyDate.parse(text), "\(text)")
    #expect(abs(date.timeIntervalSince1970 - expected) < 0.0001, "\(text)")
  }

  @Test(
    "malformed dates are rejected",
    arguments: [
      "", "21/11/2026", "2026-13-01", "2026-02-30", "2023-02-29", "2026-11-21 25:00",
      "2026-11-21 10:30:15 junk", "2026-11-21T",
    ])
  func badDates(_ text: String) {
    #expect(LoyaltyDate.parse(text) == nil, "\(text)")
  }

  @Test("a date formats back to the backend's form")
  func formatting() throws {
    let date = try #require(LoyaltyDate.parse("2027-01-15 08:00:00"))
    #expect(LoyaltyDate.format(date) == "2027-01-15 08:00:00")
  }

  @Test("numbers as strings and the reverse, booleans as strings, escaped URLs, unknown fields")
  func lenientCampaign() throws {
    let json = #"""
      {"session_uuid": 12345, "title": "Spring", "sorting": "3", "carousel": "true",
       "campaign_type": "coupon", "couponset": "set-1",
       "index_url": "https:\\/\\/example.com\\/campaign\\/1", "logo_url": "",
       "start_date": "2026-03-01 00:00:00", "end_date": "2026-06-01 00:00:00.123456",
       "unknown_field": {"nested": [1, 2]}, "coupon_availability": 4.0}
      """#
    let campaign = try JSONDecoder().decode(Campaign.self, from: Data(json.utf8))
    #expect(campaign.sessionUUID == "12345")
    #expect(campaign.sorting == 3)
    #expect(campaign.isCarousel)
    #expect(campaign.indexURL?.absoluteString == "https://example.com/campaign/1")
    #expect(campaign.logoURL == nil)
    #expect(campaign.couponAvailability == 4)
    #expect(campaign.endDate != nil)
    #expect(campaign.subtitle == "", "a missing optional field is defaulted")
  }

  @Test("booleans as 1/0 and numbers with decimals in strings")
  func lenientCouponSet() throws {
    let json = #"""
      {"uuid": "s", "name": "Coffee", "discount": "5.50", "final_price": 12, "points": "150",
       "active": 1, "expiration": "2027-01-01 10:00", "shop_availability": "m1, m2"}
      """#
    let set = try JSONDecoder().decode(CouponSet.self, from: Data(json.utf8))
    #expect(set.discountIfSent == 5.5)
    #expect(set.finalPriceIfSent == 12)
    #expect(set.pointsIfSent == 150)
    #expect(set.isActive)
    #expect(set.shopAvailability == ["m1", "m2"])
    #expect(set.expiration == LoyaltyDate.parse("2027-01-01 10:00"))
  }

  @Test(
    "a value that cannot be read gives the default and is reported at its path",
    arguments: [
      (#"{"sorting": "many"}"#, "sorting", ResponseDrift.Kind.unreadable),
      (#"{"start_date": "yesterday"}"#, "start_date", .unreadable),
      (#"{"carousel": "perhaps"}"#, "carousel", .unreadable),
      (#"{"title": {"el": "x"}}"#, "title", .unreadable),
      (#"{"index_url": "http://exa mple.com/%zz"}"#, "index_url", .unreadable),
    ])
  func unreadableValues(_ json: String, _ field: String, _ kind: ResponseDrift.Kind) throws {
    let collector = DriftCollector()
    let decoder = JSONDecoder()
    if let key = DriftCollector.userInfoKey { decoder.userInfo[key] = collector }
    let campaign = try decoder.decode(Campaign.self, from: Data(json.utf8))
    #expect(campaign.sorting == 0 && campaign.startDate == nil && !campaign.isCarousel)
    #expect(collector.recorded[.init(field: field, kind: kind)] == 1, "\(collector.recorded)")
  }

  @Test("without a collector the same values decode to their defaults")
  func withoutCollector() throws {
    let campaign = try JSONDecoder().decode(
      Campaign.self, from: Data(#"{"sorting": "many", "title": 3}"#.utf8))
    #expect(campaign.sorting == 0)
    #expect(campaign.title == "3")
  }
}
