import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork

/// `--offline`: what the device kept from an earlier run, shown with the network cut, each
/// value with where it came from and how old it is.
struct OfflineTour {
  let client: LoyaltyClient
  let options: DemoOptions

  func run(_ report: inout DemoReport) async throws {
    let market = try client.market
    let network = try client.network
    report.section("Offline: the network is cut, every call fails as with no connection")
    let owner = await network.cacheOwner()
    let kept = try await client.resolve(.marketCache).answers().filter { $0.owner == owner }
    guard try await network.session.currentToken() != nil, !kept.isEmpty else {
      report.line("nothing cached on this device for a signed-in user:")
      report.line("run `loyalty-demo --data-dir \(options.dataDirectory?.path ?? "DIR")` first")
      return
    }
    let token = try await network.session.currentToken()
    report.line(
      "signed in from the device; the access token expires at "
        + (token?.expiresAt.map { "\($0)" } ?? "?"))
    report.line("\(kept.count) answers kept for this user")

    report.section("1. Coupons, at the till")
    let coupons = try await report.step("coupons (network first)") {
      try await market.coupons(policy: .networkFirst)
    }
    report.line(
      "\(coupons.value.count) coupons \(describe(coupons)): "
        + "\(coupons.value.filter(\.isActive).count) active")
    let expired = coupons.value.filter { $0.localState == .expired }.count
    let redeemed = coupons.value.filter { $0.localState == .redeemed }.count
    report.line(
      "\(expired) expired and \(redeemed) redeemed since the answer, none shown as active")
    try DemoTour(client: client, backend: nil, options: options)
      .couponBarcode(&report, active: await market.state.activeCoupons)

    report.section("2. Points and the market pass")
    if let points = try await cached("points", { try await market.pointsHistory(policy: $0) }) {
      report.line(
        "balance \(shown(points.value.balanceIfSent, "points")) \(describe(points))")
    } else {
      report.line("points: not cached")
    }
    if let pass = try await cached(
      "market pass",
      {
        try await market.marketPassDetails(policy: $0)
      })
    {
      report.line("market pass \(pass.value.barcode) \(describe(pass))")
    } else {
      report.line("market pass: not cached")
    }
    if let campaigns = try await cached("campaigns", { try await market.campaigns(policy: $0) }) {
      report.line("\(campaigns.value.count) campaigns listed \(describe(campaigns))")
    }

    report.section("3. What needs the network")
    do {
      _ = try await report.step("transactions (network only)") {
        try await market.transactionHistory()
      }
    } catch let error as LoyaltyError {
      report.line("transactions: \(error.code.name), as expected without a network")
    }
    report.line(
      "redeeming a coupon, transactions, adding a card, refreshing the session, the device "
        + "registration and the analytics upload wait for the network")
    let pending = try await client.analytics.currentStatistics().pending
    report.line("\(pending) analytics events stay queued on the device for the next upload")
  }

  /// A read from the cache only, or `nil` when nothing is cached for it.
  private func cached<Value>(
    _ name: String, _ read: (ReadPolicy) async throws -> Answered<Value>
  ) async throws -> Answered<Value>? {
    do {
      return try await read(.cacheOnly)
    } catch let error as LoyaltyError where error.code == .notCached {
      return nil
    }
  }

  /// "from the cache, as of 2026-11-28 10:42:07 UTC (35 s old)".
  private func describe<Value>(_ answered: Answered<Value>) -> String {
    let age = Int(answered.age(at: (try? client.network.serverClock.now) ?? Date()))
    let source =
      switch answered.source {
      case .cache: "from the cache"
      case .revalidated: "confirmed by the server"
      case .network: "from the network"
      }
    return "\(source), as of \(answered.answeredAt) (\(age) s old)"
  }
}
