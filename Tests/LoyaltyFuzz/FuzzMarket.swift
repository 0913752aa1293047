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
        response, MarketEndpoints.campaigns.endpoint(("el", [:])))
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
        response, MarketEndpoints.personalizedCampaigns.endpoint(("el", [:])))
    case 2: _ = decode(response, MarketEndpoints.singleCampaign.endpoint(("s", "el")))
    case 3: _ = decode(response, MarketEndpoints.couponSets.endpoint(("el", nil, nil)))
    case 4: _ = decode(response, MarketEndpoints.availability.endpoint(nil))
    case 5:
      if let coupons = decode(response, MarketEndpoints.userCoupons.endpoint("el")) {
        for coupon in coupons {
          _ = (coupon.isActive, coupon.isRedeemed, coupon.isExpired(at: Date()))
        }
      }
    case 6: _ = decode(response, MarketEndpoints.validateCoupon.endpoint("CODE"))
    case 7:
      _ = decode(
        response, MarketEndpoints.redeemCoupon.endpoint(("p", "m", nil)))
    case 8: _ = decode(response, MarketEndpoints.redeemedSupermarketHistory.endpoint("el"))
    case 9:
      _ = decode(
        response, MarketEndpoints.merchants.endpoint(("el", MerchantFilters())))
    case 10: _ = decode(response, MarketEndpoints.merchantCategories.endpoint("el"))
    case 11: _ = decode(response, MarketEndpoints.articles.endpoint(("el", nil)))
    case 12: _ = decode(response, MarketEndpoints.profile.endpoint())
    case 13: _ = decode(response, MarketEndpoints.transactions.endpoint("all"))
    case 14: _ = decode(response, MarketEndpoints.pointsHistory.endpoint())
    case 15: _ = decode(response, MarketEndpoints.marketPass.endpoint())
    case 16: _ = decode(response, MarketEndpoints.cards.endpoint())
    case 17: _ = decode(response, MarketEndpoints.deleteCard.endpoint("t"))
    default: _ = decode(response, MarketEndpoints.register.endpoint(("a@b.gr", "p", nil, nil)))
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
