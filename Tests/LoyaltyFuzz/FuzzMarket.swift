import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork

/// The first byte picks the market call whose decoding runs; the rest is its body,
/// answered with HTTP 200.
enum FuzzMarket {
  static func run(_ data: Data) {
    var input = FuzzInput(data)
    let call = input.byte()
    let response = HTTPResponse(status: 200, body: input.rest())
    switch call % 19 {
    case 0:
      if let campaigns = decode(
        response, MarketEndpoints.campaigns(language: "el", filters: [:], personalized: false))
      {
        let result = CampaignPipeline.authenticated(
          basic: campaigns, personalized: campaigns.reversed(),
          availability: Dictionary(
            campaigns.map { ($0.couponSet, $0.sorting) }, uniquingKeysWith: { first, _ in first }))
        _ = CampaignPipeline.anonymous(basic: result.all)
        for campaign in campaigns { _ = campaign.isHiddenFromLists }
      }
    case 1:
      _ = decode(
        response, MarketEndpoints.campaigns(language: "el", filters: [:], personalized: true))
    case 2: _ = decode(response, MarketEndpoints.singleCampaign(sessionUUID: "s", language: "el"))
    case 3: _ = decode(response, MarketEndpoints.couponSets(language: "el", uuids: nil, types: nil))
    case 4: _ = decode(response, MarketEndpoints.availability(couponSets: nil))
    case 5:
      if let coupons = decode(response, MarketEndpoints.userCoupons(language: "el", types: nil)) {
        for coupon in coupons {
          _ = (coupon.isActive, coupon.isRedeemed, coupon.isExpired(at: Date()))
        }
      }
    case 6: _ = decode(response, MarketEndpoints.validateCoupon("CODE"))
    case 7:
      _ = decode(
        response, MarketEndpoints.redeemCoupon(productUUID: "p", merchantID: "m", productID: nil))
    case 8: _ = decode(response, MarketEndpoints.redeemedSupermarketHistory(language: "el"))
    case 9:
      _ = decode(
        response, MarketEndpoints.merchants(language: "el", filters: MerchantFilters()))
    case 10: _ = decode(response, MarketEndpoints.merchantCategories(language: "el"))
    case 11: _ = decode(response, MarketEndpoints.articles(language: "el", categories: nil))
    case 12: _ = decode(response, MarketEndpoints.profile())
    case 13: _ = decode(response, MarketEndpoints.transactions(productDetail: "all"))
    case 14: _ = decode(response, MarketEndpoints.pointsHistory())
    case 15: _ = decode(response, MarketEndpoints.marketPass())
    case 16: _ = decode(response, MarketEndpoints.cards())
    case 17: _ = decode(response, MarketEndpoints.deleteCard(token: "t"))
    default: _ = decode(response, MarketEndpoints.user("register", [:]))
    }
  }

  private static func decode<Response>(_ response: HTTPResponse, _ endpoint: Endpoint<Response>)
    -> Response?
  {
    do {
      return try NetworkClient.decode(response, for: endpoint)
    } catch let error as LoyaltyError {
      _ = error.description
    } catch {
      check(false, "\(endpoint.name) threw an error that is not a LoyaltyError: \(error)")
    }
    return nil
  }
}
