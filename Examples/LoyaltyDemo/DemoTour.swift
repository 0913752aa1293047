import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox
import LoyaltyStore

/// The steps of a user's day.
struct DemoTour {
  let client: LoyaltyClient
  let backend: SandboxBackend?
  let options: DemoOptions

  func run(_ report: inout DemoReport) async throws {
    let market = try client.market
    let network = try client.network
    let session = network.session

    report.section("The SDK")
    report.line(
      "modules, in start order: " + client.modules.map(\.name).joined(separator: ", "))
    report.line(
      "backend: "
        + (options.baseURL.map { "server at \($0.absoluteString)" } ?? "in-process sandbox"))
    let preferences = try client.resolve(.keyValueStore)
    let runs = (try await preferences.value(Int.self, forKey: "demo.runs") ?? 0) + 1
    try await preferences.set(runs, forKey: "demo.runs")
    report.line("run number \(runs)" + (options.dataDirectory == nil ? " (state in memory)" : ""))

    report.section("1. Log in")
    let email = SandboxFixtures.userEmail(1)
    let watch = DemoBusWatch(try client.events)
    try await report.step("log in") { try await session.loginWithEmail(email) }
    await watch.reportLogin("dei_login", &report)
    let token = try await session.currentToken()
    report.line(
      "logged in as \(email); the access token expires at \(token?.expiresAt.map { "\($0)" } ?? "?")"
    )
    if let store = try client.resolve(.tokenStore) as? SQLiteTokenStore {
      report.line("tokens are encrypted at rest: \(store.encryptsWrites ? "yes" : "no")")
    }

    report.section("2. Campaigns")
    let listed = try await report.step("campaigns (pipeline)") { try await market.campaigns() }
    let all = await market.state.allCampaigns
    let carousel = await market.state.carousel
    let soldOut = all.filter { $0.couponAvailability == 0 }.count
    let hidden = all.filter(\.isHiddenFromLists).count
    report.line("\(all.count) received (basic and personalized, merged)")
    report.line("- \(soldOut) removed: their coupon set has nothing left")
    report.line("- \(hidden) hidden: CCMS, telco and questionnaire campaigns")
    report.line("- \(carousel.count) in the carousel")
    report.line("= \(listed.count) listed, sorted; first: \"\(listed.first?.title ?? "-")\"")
    if let first = listed.first {
      let start = first.formattedStartDate() ?? "no start date sent"
      let end = first.formattedEndDate() ?? "no end date sent"
      report.line("its dates as the seed shows them (dd/MM/yyyy): \(start) to \(end)")
    }

    report.section("3. Coupons and coupon sets")
    let answered = try await report.step("coupons") {
      try await market.coupons(policy: client.configuration.cache.policy)
    }
    let coupons = answered.value
    report.line(
      "coupons \(answered.source == .cache ? "from the cache" : "from the network"), "
        + "as of \(answered.answeredAt)")
    let sets = try await report.step("coupon sets") { try await market.couponSets() }
    let active = await market.state.activeCoupons
    report.line(
      "\(coupons.count) coupons: \(active.count) active, \(coupons.count - active.count) redeemed")
    report.line("\(sets.count) coupon sets")
    let today = Date()
    if let coupon = active.first(where: { ($0.expiration ?? .distantFuture) > today }) {
      let expires = coupon.formattedExpiration() ?? "no expiration sent"
      let long = coupon.formattedExpiration(format: "EEEE d MMMM yyyy", timeZone: .gmt) ?? "-"
      report.line("the next active coupon to expire: \(expires) (\(long), GMT)")
    }
    try couponBarcode(&report, active: active)

    report.section("4. Redeem a coupon")
    let before = try await market.profile().pointsIfSent
    let now = Date()
    // A cost or a balance the server did not send is not guessed: the server decides.
    if let coupon = active.first(where: { coupon in
      !coupon.isExpired(at: now) && !(coupon.couponSet?.shopAvailability.isEmpty ?? true)
        && !costsMore(coupon.couponSet?.pointsIfSent, than: before)
    }), let merchant = coupon.couponSet?.shopAvailability.first {
      let redemption = try await report.step("redeem") {
        try await market.redeemCoupon(
          productID: coupon.code, productUUID: coupon.couponSetUUID, merchantID: merchant)
      }
      report.line(
        "redeemed \"\(coupon.name)\" for \(shown(redemption.pointsSpentIfSent, "points"))")
      report.line("points: \(shown(before)) -> \(redemption.pointsBalance)")
    } else {
      report.line("no coupon can be redeemed right now (\(shown(before, "points")))")
    }

    report.section("5. Points, the market pass and transactions")
    let history = try await report.step("points history") { try await market.pointsHistory() }
    let pass = try await report.step("market pass") { try await market.marketPassDetails() }
    report.line("market pass \(pass.barcode), valid until \(shown(pass.validUntil))")
    let transactions = try await report.step("transactions") {
      try await market.transactionHistory()
    }
    let latest = history.entries.first.map { entry in
      let points = entry.pointsIfSent.map { $0 > 0 ? "+\($0)" : "\($0)" } ?? "points not sent"
      return "\(points) \(entry.type)"
    }
    report.line(
      "balance \(shown(history.balanceIfSent, "points")), \(history.entries.count) entries; "
        + "latest: \(latest ?? "-")")
    report.line(
      "\(transactions.count) transactions; latest at \(transactions.first?.merchantName ?? "-")")

    report.section("6. Merchants near a point")
    let near = try await report.step("merchants nearby") {
      try await market.merchants(
        filters: MerchantFilters(center: (latitude: 37.9755, longitude: 23.7348), distance: 25))
    }
    for merchant in near.prefix(3) {
      report.line(String(format: "%@ %.2f km", merchant.name, merchant.distance ?? 0))
    }
    report.line("\(near.count) merchants within 25 km of Syntagma Square")

    report.section("7. A card, added and removed")
    let card = try await report.step("add card") {
      try await market.addCard(
        NewCard(
          number: "4111 1111 1111 1111", issuer: "VISA", holder: "Maria Papadopoulou",
          expirationMonth: "12", expirationYear: "2031"))
    }
    report.line("added \(card.maskedNumber); cards on file: \(try await market.cards().count)")
    _ = try await report.step("delete card") { try await market.deleteCard(token: card.token) }
    report.line("removed; cards on file: \(try await market.cards().count)")

    report.section("8. A token that expires and refreshes")
    let refreshesBefore = backend?.counters.refreshCalls ?? 0
    if let backend {
      backend.revokeAccessTokens()
      report.line("the server revoked every access token")
      let profile = try await report.step("profile after expiry") { try await market.profile() }
      report.line("the next call got 401, refreshed once, and went on: \(profile.displayName)")
    } else {
      _ = try await report.step("refresh") { try await session.refresh() }
      report.line("refreshed the session")
    }
    if let backend {
      report.line("refresh calls: \(backend.counters.refreshCalls - refreshesBefore)")
    }

    report.section("9. A push notification")
    let push = try client.push
    let payload = Data(
      #"{"_a": 0, "session_uuid": "\#(listed.first?.sessionUUID ?? "abc")", "aps": {"alert": "A new offer for you", "badge": 1}}"#
        .utf8)
    let route = try await push.handleNotification(json: payload, state: .background)
    if case .showCampaign(let url, _) = route {
      report.line("routed to the campaign page \(url.absoluteString)")
    }
    report.line("badge: \(await push.badgeCount)")
    try await report.step("register the device") {
      try await push.updateDeviceToken("demo-device-token")
    }
    report.line("device registered; info sent only when it changes")

    report.section("10. Analytics")
    let analytics = try client.analytics
    await report.step("flush analytics") { await analytics.flush() }
    let statistics = await analytics.currentStatistics()
    report.line(
      "\(statistics.tracked) events tracked, \(statistics.uploaded) uploaded, \(statistics.pending) pending"
    )
    if let backend {
      report.line(
        "the server stored \(backend.counters.analyticsEventsAccepted) events (\(backend.counters.analyticsDuplicates) duplicates)"
      )
    }
    let counts = watch.outcomeCounts
    report.line(
      "\(counts.calls) call outcomes posted on the bus (\(CallCompleted.eventName)), "
        + "\(counts.failed) failed")

    report.section("11. Answers as the seed shapes them")
    let drift = try client.market.drift.snapshot()
    if drift.entries.isEmpty {
      report.line("every answer was read whole: no field missing or unreadable")
    } else {
      // Tolerated: read in another form, or given its default; never a failure.
      for entry in drift.entries {
        report.line(
          "\(entry.call): \(entry.field) \(entry.kind.rawValue) in \(entry.count) value(s), tolerated"
        )
      }
    }

    try await optional(.pointsOfInterest, &report) { try await location(&$0) }
    try await optional(.flows, &report) { try await runFlows(&$0) }
    try await optional(.directory, &report) { try await runDirectory(&$0) }
    // --data-dir keeps the data between runs: erasing it takes --erase.
    if options.dataDirectory == nil || options.erase {
      try await runPrivacy(&report)
    } else {
      report.section("15. Privacy")
      report.line("kept for the next run (--data-dir); --erase withdraws consent and erases it")
    }
  }

  /// Runs `body`, a step whose calls seed 000 does not define: when the backend does not
  /// offer them, one line says so and the tour goes on; any other failure is thrown.
  private func optional(
    _ step: DemoOptionalStep, _ report: inout DemoReport,
    _ body: (inout DemoReport) async throws -> Void
  ) async throws {
    do {
      try await body(&report)
    } catch let error where step.isNotOffered(error) {
      report.skip(step)
    }
  }
}
