import Foundation
import LoyaltyCore
import LoyaltyMarket
import Testing

/// The seed's model field names (`CampaignItemModel`, `CouponItemModel`,
/// `CouponSetItemModel`, `RedeemedSMHistoryModel`) decode beside ours.
@Suite("The seed's field names")
struct SeedFieldNameTests {
  func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> (T, [String]) {
    let collector = DriftCollector()
    let decoder = JSONDecoder()
    if let key = DriftCollector.userInfoKey { decoder.userInfo[key] = collector }
    let value = try decoder.decode(T.self, from: Data(json.utf8))
    return (value, collector.recorded.keys.map(\.field).sorted())
  }

  @Test("a campaign with the seed's underscore names", arguments: ["_", ""])
  func campaign(prefix: String) throws {
    let (campaign, drift) = try decode(
      Campaign.self,
      """
      {"session_uuid": "s1", "index_url": "https://x.test/i", "title": "T", "subtitle": "S",
       "offer_category": "telco", "logo_url": "https://x.test/l", "couponset": "set-1",
       "\(prefix)sorting": "4", "\(prefix)type": "coupon", "\(prefix)carousel": "1",
       "\(prefix)coupon_availability": 3, "\(prefix)banner_img": "https://x.test/b",
       "\(prefix)filter": "new", "\(prefix)start_date": "2026-01-01 00:00:00",
       "\(prefix)end_date": "2026-02-01 00:00:00"}
      """)
    #expect(campaign.sorting == 4)
    #expect(campaign.type == "coupon")
    #expect(campaign.isCarousel)
    #expect(campaign.couponAvailability == 3)
    #expect(campaign.bannerImage?.absoluteString == "https://x.test/b")
    #expect(campaign.filter == "new")
    #expect(campaign.startDate != nil && campaign.endDate != nil)
    #expect(campaign.isHiddenFromLists, "a telco offer category hides it")
    #expect(drift.isEmpty, "\(drift)")
  }

  @Test("a coupon with the seed's names; status 0 is redeemed")
  func coupon() throws {
    let (coupon, drift) = try decode(
      Coupon.self,
      """
      {"couponset_uuid": "set-1", "name": "Coffee", "coupon": "C-1", "barcode": "123",
       "status": 0, "expiration": "2027-01-01 10:00", "redeemed_date": "2026-05-01 10:00:00",
       "discount": "1.5",
       "couponset_data": {"_uuid": "set-1", "_name": "Coffee", "_description": "d",
         "_img_preview": "https://x.test/p", "_expiration": "2027-01-01 10:00",
         "_discount": "1.50", "_discount_type": "value", "_final_price": "2",
         "_couponset_type": "supermarket", "_merchant_uuid": "m1", "_terms": "t",
         "_shop_availability": ["m1", "m2"], "_points": 10},
       "merchant_details": null}
      """)
    #expect(coupon.isRedeemed)
    #expect(coupon.redeemedDate != nil)
    let set = try #require(coupon.couponSet)
    #expect(set.id == "set-1" && set.name == "Coffee" && set.type == "supermarket")
    #expect(set.merchantUUID == "m1" && set.shopAvailability == ["m1", "m2"])
    #expect(set.discountIfSent == 1.5 && set.finalPriceIfSent == 2 && set.terms == "t")
    #expect(set.imagePreview != nil && set.expiration != nil)
    #expect(drift.isEmpty, "\(drift)")
  }

  @Test("the redeemed supermarket history with the seed's names")
  func redeemedHistory() throws {
    let (history, drift) = try decode(
      RedeemedSupermarketHistory.self,
      """
      {"_totalRedeemedValue": "7.5", "_redeemedCouponList": [
        {"couponset_uuid": "s", "name": "n", "coupon": "C", "barcode": "1", "status": 0,
         "discount": 1}]}
      """)
    #expect(history.totalRedeemedValueIfSent == 7.5)
    #expect(history.coupons.map(\.code) == ["C"])
    #expect(drift.isEmpty, "\(drift)")
  }

  @Test("ours win over the seed's when both are present")
  func precedence() throws {
    let (campaign, _) = try decode(
      Campaign.self, #"{"campaign_type": "coupon", "_type": "ccms", "sorting": 1, "_sorting": 9}"#)
    #expect(campaign.type == "coupon")
    #expect(campaign.sorting == 1)
  }
}
