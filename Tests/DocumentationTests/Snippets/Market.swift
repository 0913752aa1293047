import Dispatch
import LoyaltyCore
import LoyaltyMarket

// The blocks of Docs/Market.md.

private func marketCalls(client: LoyaltyClient, coupon: Coupon, merchantUUID: String)
  async throws
{
  let market = try client.market
  let campaigns = try await market.campaigns()  // through the campaign pipeline
  let coupons = try await market.coupons()
  let redemption = try await market.redeemCoupon(
    productID: coupon.code, productUUID: coupon.couponSetUUID, merchantID: merchantUUID)
  let nearby = try await market.merchants(
    filters: MerchantFilters(center: (latitude: 37.97, longitude: 23.73), distance: 5))
  _ = (campaigns, coupons, redemption, nearby)
}

private func callbacks(market: Market, myQueue: DispatchQueue) {
  market.run(on: myQueue) {
    try await $0.coupons()
  } completion: { result in
    switch result {
    case .success(let coupons): print("\(coupons.count) coupons")
    case .failure(let error): print(error.code)  // a LoyaltyError
    }
  }
}
