import Dispatch
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `swift run example-market`: LoyaltyMarket against the in-process sandbox. A login,
/// campaigns through the campaign pipeline, the user's coupons, one redeemed at a
/// merchant that accepts it, merchants near a point, and one call with a completion
/// handler.
@main
struct MarketExample {
  static func main() async {
    do {
      try await run()
      print("\nexample-market: done.")
    } catch {
      var message = "example-market failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static func run() async throws {
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "example-merchant",
      apiKey: "example-market-api-key",
      bundleID: "com.example.market-example",
      // Requests never leave the process: the sandbox transport answers them.
      environment: .custom(
        URL(string: "https://sandbox.invalid") ?? LoyaltyEnvironment.development.baseURL),
      language: "en",
      preset: .testing)
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(matching: configuration),
      fixtures: SandboxFixtures(seed: 7, campaigns: 30, couponSets: 12, merchants: 40))
    let client = try await LoyaltyClient.start(
      configuration, modules: [MarketModule(), NetworkModule()],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
    let market = try client.market

    print("== Login")
    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    let profile = try await market.profile()
    print(
      "\(profile.firstName) \(profile.lastName), "
        + (profile.pointsIfSent.map { "\($0) points" } ?? "points not sent"))

    try await campaigns(market)
    try await redeemCoupon(market, points: profile.pointsIfSent)
    try await merchantsNearby(market)
    try await callbackVariant(market)
    await client.shutdown()
  }

  static func campaigns(_ market: Market) async throws {
    print("\n== Campaigns")
    // Logged in, the pipeline merges basic and personalized campaigns, drops those whose
    // coupon set has no coupons left, separates the carousel and sorts the rest.
    let campaigns = try await market.campaigns()
    let all = await market.state.allCampaigns
    let carousel = await market.state.carousel
    print("received \(all.count), listed \(campaigns.count), carousel \(carousel.count)")
    for campaign in campaigns.prefix(3) {
      print("  \(campaign.title) (\(campaign.type))")
    }
    try check(!campaigns.isEmpty, "no campaign to list")
  }

  /// Whether a cost is known to be more than a balance (neither is guessed when absent).
  static func costsMore(_ cost: Int?, than balance: Int?) -> Bool {
    guard let cost, let balance else { return false }
    return cost > balance
  }

  static func redeemCoupon(_ market: Market, points: Int?) async throws {
    print("\n== Coupons")
    let coupons = try await market.coupons()
    let active = await market.state.activeCoupons
    print("\(coupons.count) coupons, \(active.count) active")

    // An active, unexpired coupon we can afford (a cost or balance not sent is not
    // guessed: the server decides), whose set names a merchant that takes it.
    let now = Date()
    guard
      let coupon = active.first(where: { coupon in
        !coupon.isExpired(at: now)
          && !Self.costsMore(coupon.couponSet?.pointsIfSent, than: points)
          && !(coupon.couponSet?.shopAvailability.isEmpty ?? true)
      }),
      let merchant = coupon.couponSet?.shopAvailability.first
    else { throw ExampleFailure("user 1 holds no coupon to redeem") }

    let validation = try await market.validateCoupon(coupon.code)
    print("\(coupon.name): valid \(validation.isValid)")
    let redemption = try await market.redeemCoupon(
      productID: coupon.code, productUUID: coupon.couponSetUUID, merchantID: merchant)
    print(
      "redeemed at merchant \(merchant.prefix(8))...: "
        + (redemption.pointsSpentIfSent.map { "\($0) points spent, " } ?? "")
        + "balance \(redemption.pointsBalance)")
    try check(redemption.coupon.isRedeemed, "the coupon was not redeemed")

    // The server declines a second redemption of the same coupon.
    do {
      _ = try await market.redeemCoupon(
        productID: coupon.code, productUUID: coupon.couponSetUUID, merchantID: merchant)
      throw ExampleFailure("a coupon was redeemed twice")
    } catch let error as LoyaltyError where error.code == .serverStatus {
      print("redeeming it again: \(error.message)")
    }
  }

  static func merchantsNearby(_ market: Market) async throws {
    print("\n== Merchants within 10 km of Syntagma Square")
    let merchants = try await market.merchants(
      filters: MerchantFilters(center: (latitude: 37.9755, longitude: 23.7348), distance: 10))
    for merchant in merchants.prefix(3) {
      print(
        "  \(merchant.name), \(merchant.city): \(merchant.distance.map { "\(($0 * 10).rounded() / 10) km" } ?? "?")"
      )
    }
    print("\(merchants.count) in all, nearest first")
    try check(!merchants.isEmpty, "no merchant near Athens")
  }

  static func callbackVariant(_ market: Market) async throws {
    print("\n== A completion handler")
    // `run(on:_:completion:)` gives any call a completion handler. Completions run on the
    // main queue unless told otherwise; a process that never runs its main queue (a
    // server, this example) passes a queue of its own.
    let queue = DispatchQueue(label: "com.example.market-example.completions")
    let result = await withCheckedContinuation { continuation in
      market.run(on: queue) {
        try await $0.merchantCategories()
      } completion: { result in
        dispatchPrecondition(condition: .onQueue(queue))
        continuation.resume(returning: result)
      }
    }
    let categories = try result.get()
    print(
      "categories, delivered on \(queue.label): \(categories.map(\.name).joined(separator: ", "))")
  }
}

/// Stops the example with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: String) throws {
  guard condition else { throw ExampleFailure(message) }
}

/// What went wrong in the example.
struct ExampleFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
