import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// Tolerant, never silent: drift is counted, warned about once and posted once; where
/// no sensible value exists, the call fails naming the call and the field.
@Suite("Drift: reported, counted, or a typed error")
struct DriftTests {
  /// `body` with `change` applied to its member `name`, inside `context` or at the top.
  static func member(_ name: String, of body: JSONValue, _ change: (JSONValue) -> JSONValue)
    -> JSONValue
  {
    guard case .object(var top) = body else { return body }
    if case .object(var context)? = top["context"], let value = context[name] {
      context[name] = change(value)
      top["context"] = .object(context)
    } else if let value = top[name] {
      top[name] = change(value)
    }
    return .object(top)
  }

  /// `body` without the member `name`, inside `context` or at the top.
  static func removing(_ name: String, from body: JSONValue) -> JSONValue {
    guard case .object(var top) = body else { return body }
    top[name] = nil
    if case .object(var context)? = top["context"] {
      context[name] = nil
      top["context"] = .object(context)
    }
    return .object(top)
  }

  /// `object` with `key` set to `value` (`nil` removes it).
  static func setting(_ key: String, _ value: JSONValue?, in object: JSONValue) -> JSONValue {
    guard case .object(var fields) = object else { return object }
    fields[key] = value
    return .object(fields)
  }

  /// `object`'s list at `key`, each element changed.
  static func eachElement(
    of key: String, in object: JSONValue, _ change: @escaping (JSONValue) -> JSONValue
  ) -> JSONValue {
    guard let list = object[key]?.arrayValue else { return object }
    return setting(key, .array(list.map(change)), in: object)
  }

  static func expectError(
    _ error: LoyaltyError, _ code: LoyaltyError.Code, call: String, field: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    #expect(error.metadata["call"] == call, "\(error)", sourceLocation: sourceLocation)
    #expect(error.metadata["field"] == field, "\(error)", sourceLocation: sourceLocation)
  }

  @Test(
    "a missing and an unreadable field: defaults, counted per value, warned and posted once",
    arguments: SandboxEnvelope.allCases)
  func missingAndUnreadable(envelope: SandboxEnvelope) async throws {
    let logs = InMemoryLogHandler()
    let harness = try await MarketHarness.start(
      envelope: envelope, logHandler: logs,
      rewrite: [
        "retrieve": { body in
          Self.member("MAPP_CAMPAIGNING", of: body) { domain in
            Self.eachElement(of: "campaigns", in: domain) { campaign in
              Self.setting("sorting", "many", in: Self.setting("title", nil, in: campaign))
            }
          }
        }
      ])
    let market = try harness.client.market
    // Two answers of the network: the second read must not come from the cache.
    let first = try await market.campaigns(policy: .networkOnly).value
    #expect(!first.isEmpty)
    #expect(first.allSatisfy { $0.title.isEmpty && $0.sorting == 0 })
    let second = try await market.campaigns(policy: .networkOnly).value
    #expect(second.count == first.count)

    let report = market.drift.snapshot()
    let title = "MAPP_CAMPAIGNING.campaigns.title"
    let sorting = "MAPP_CAMPAIGNING.campaigns.sorting"
    #expect(report.count(call: "campaigns", field: title, kind: .missing) == 2 * first.count)
    #expect(report.count(call: "campaigns", field: sorting, kind: .unreadable) == 2 * first.count)
    #expect(report.count(call: "campaigns", field: title, kind: .unreadable) == 0)
    #expect(report.entries.count == 2, "\(report)")

    let events = harness.sink.events(of: ResponseDrift.self)
    #expect(events.filter { $0.field == title }.map(\.kind) == [.missing])
    #expect(events.filter { $0.field == sorting }.map(\.kind) == [.unreadable])
    #expect(events.allSatisfy { $0.call == "campaigns" })
    #expect(events.first?.attributes["call"] == "campaigns")

    let warnings = logs.records.filter { $0.level == .warning }
    #expect(warnings.filter { $0.message.contains(title) }.count == 1, "\(logs.text)")
    #expect(warnings.filter { $0.message.contains(sorting) }.count == 1, "\(logs.text)")
    #expect(warnings.first?.metadata["call"] == "campaigns")
    await harness.client.shutdown()
  }

  @Test("a field missing in one answer and unreadable in the next: warned and posted once")
  func oneWarningPerCallAndField() async throws {
    let logs = InMemoryLogHandler()
    let answers = Locked(0)
    let harness = try await MarketHarness.start(
      logHandler: logs,
      rewrite: [
        "retrieve": { body in
          let answer = answers.withLock { count in
            count += 1
            return count
          }
          // Anonymous, so one answer per call: the first lacks titles, the next has unreadable ones.
          let title: JSONValue? = answer == 1 ? nil : ["not": "a title"]
          return Self.member("MAPP_CAMPAIGNING", of: body) { domain in
            Self.eachElement(of: "campaigns", in: domain) {
              Self.setting("title", title, in: $0)
            }
          }
        }
      ])
    let market = try harness.client.market
    let campaigns = try await market.campaigns(policy: .networkOnly).value
    _ = try await market.campaigns(policy: .networkOnly)

    let field = "MAPP_CAMPAIGNING.campaigns.title"
    let report = market.drift.snapshot()
    #expect(report.count(call: "campaigns", field: field, kind: .missing) == campaigns.count)
    #expect(report.count(call: "campaigns", field: field, kind: .unreadable) == campaigns.count)
    #expect(
      harness.sink.events(of: ResponseDrift.self)
        == [ResponseDrift(call: "campaigns", field: field, kind: .missing)])
    let warnings = logs.records.filter { $0.level == .warning && $0.message.contains(field) }
    #expect(warnings.count == 1, "\(logs.text)")
    await harness.client.shutdown()
  }

  @Test("a list in the wrong shape is an unexpected shape, reported; the call answers")
  func unexpectedShape() async throws {
    let harness = try await MarketHarness.start(
      rewrite: [
        "retrieve_multilingual": { body in
          Self.member("MAPP_COUPON", of: body) { domain in
            Self.eachElement(of: "couponsets", in: domain) {
              Self.setting("shop_availability", ["m1": 1], in: $0)
            }
          }
        }
      ])
    let market = try harness.client.market
    let sets = try await market.couponSets()
    #expect(!sets.isEmpty)
    #expect(sets.allSatisfy { $0.shopAvailability.isEmpty })
    let field = "MAPP_COUPON.couponsets.shop_availability"
    #expect(
      market.drift.snapshot().count(call: "coupon_sets", field: field, kind: .unexpectedShape)
        == sets.count)
    #expect(
      harness.sink.events(of: ResponseDrift.self)
        == [ResponseDrift(call: "coupon_sets", field: field, kind: .unexpectedShape)])
    await harness.client.shutdown()
  }

  @Test(
    "a redemption without its balance, its coupon or the coupon's code fails naming the field",
    arguments: [
      ("points", "MAPP_COUPON.points", LoyaltyError.Code.missingField),
      ("coupon", "MAPP_COUPON.coupon", .missingField),
      ("coupon.coupon", "MAPP_COUPON.coupon.coupon", .missingField),
      ("points=lots", "MAPP_COUPON.points", .decodingFailed),
    ])
  func redemption(change: String, field: String, code: LoyaltyError.Code) async throws {
    let harness = try await MarketHarness.start(
      rewrite: [
        "redeem": { body in
          Self.member("MAPP_COUPON", of: body) { domain in
            switch change {
            case "points": Self.setting("points", nil, in: domain)
            case "coupon": Self.setting("coupon", nil, in: domain)
            case "points=lots": Self.setting("points", "lots", in: domain)
            default:
              Self.setting(
                "coupon", domain["coupon"].map { Self.setting("coupon", nil, in: $0) },
                in: domain)
            }
          }
        }
      ])
    let market = try harness.client.market
    try await harness.login()
    let coupons = try await market.coupons()
    let points = try #require(await market.profile().pointsIfSent)
    let candidate = try #require(
      coupons.first { coupon in
        coupon.isActive && !coupon.isExpired(at: Date())
          && !(coupon.couponSet?.shopAvailability.isEmpty ?? true)
          && (coupon.couponSet?.pointsIfSent ?? .max) <= points
      })
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.redeemCoupon(
        productID: candidate.code, productUUID: candidate.couponSetUUID,
        merchantID: candidate.couponSet?.shopAvailability.first ?? "")
    }
    Self.expectError(error, code, call: "redeem_coupon", field: field)
    await harness.client.shutdown()
  }

  @Test("an added card without its token fails naming the field")
  func addedCard() async throws {
    let harness = try await MarketHarness.start(
      rewrite: [
        "add_card": { body in
          Self.member("result", of: body) { result in
            Self.setting(
              "card", result["card"].map { Self.setting("token", nil, in: $0) }, in: result)
          }
        }
      ])
    let market = try harness.client.market
    try await harness.login()
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.addCard(
        NewCard(
          number: "4111 1111 1111 1111", issuer: "VISA", holder: "M", expirationMonth: "12",
          expirationYear: "2031"))
    }
    Self.expectError(error, .missingField, call: "add_card", field: "result.card.token")
    #expect(
      market.drift.snapshot().count(call: "add_card", field: "result.card.token") == 1,
      "the token's absence is also counted")
    await harness.client.shutdown()
  }

  @Test(
    "a points history without a readable list of entries fails naming the field",
    arguments: [
      (JSONValue?.none, LoyaltyError.Code.missingField),
      (JSONValue.string("none"), .decodingFailed),
    ])
  func pointsHistory(entries: JSONValue?, code: LoyaltyError.Code) async throws {
    let harness = try await MarketHarness.start(
      rewrite: [
        "get_points_history": { body in
          Self.member("result", of: body) { Self.setting("points_history", entries, in: $0) }
        }
      ])
    let market = try harness.client.market
    try await harness.login()
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.pointsHistory()
    }
    Self.expectError(error, code, call: "points_history", field: "result.points_history")
    await harness.client.shutdown()
  }

  @Test("a points history without its balance takes the newest entry's, reported")
  func pointsBalance() async throws {
    let harness = try await MarketHarness.start(
      rewrite: [
        "get_points_history": { body in
          Self.member("result", of: body) { Self.setting("balance", nil, in: $0) }
        }
      ])
    let market = try harness.client.market
    try await harness.login()
    let history = try await market.pointsHistory()
    #expect(history.balanceIfSent == history.entries.first?.balanceIfSent)
    #expect(history.balanceIfSent == (try await market.profile().pointsIfSent))
    #expect(
      market.drift.snapshot().count(
        call: "points_history", field: "result.balance", kind: .missing) == 1)
    await harness.client.shutdown()
  }

  @Test("an unreadable availability fails availableCoupons; campaigns list, reported")
  func availability() async throws {
    let harness = try await MarketHarness.start(
      rewrite: [
        "availability": { body in
          Self.member("MAPP_COUPON", of: body) { Self.setting("availability", "plenty", in: $0) }
        }
      ])
    let market = try harness.client.market
    try await harness.login()
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.availableCoupons(couponSets: ["x"])
    }
    Self.expectError(
      error, .decodingFailed, call: "available_coupons", field: "MAPP_COUPON.availability")
    let campaigns = try await market.campaigns()
    #expect(!campaigns.isEmpty)
    #expect(campaigns.allSatisfy { $0.couponAvailability == nil })
    #expect(
      market.drift.snapshot().count(
        call: "available_coupons", field: "MAPP_COUPON.availability", kind: .unexpectedShape)
        == 2)
    await harness.client.shutdown()
  }

  @Test("availability in the seed's shapes is read; a set left out is reported missing")
  func availabilityShapes() throws {
    for members: JSONValue in [
      ["set-1": 0, "set-2": "3"],
      [
        "availability": [
          ["couponset_uuid": "set-1", "availability": 0], ["uuid": "set-2", "count": 3],
        ]
      ],
    ] {
      let collector = DriftCollector()
      let body = try JSONValue.object([
        "status": "1", "context": ["MAPP_COUPON": members, "MAPP_COUPON-status": 1],
      ]).jsonData()
      let counts = try NetworkClient.decode(
        HTTPResponse(status: 200, body: body),
        for: MarketEndpoints.availability.endpoint(["set-1", "set-2", "set-3"], drift: collector))
      #expect(counts == ["set-1": 0, "set-2": 3])
      #expect(
        collector.recorded.keys.map(\.field) == ["MAPP_COUPON.availability[]"],
        "\(collector.recorded)")
    }
  }

  @Test("an OTP answer without its id fails; without expires_in it answers, reported")
  func otp() async throws {
    let harness = try await MarketHarness.start(
      rewrite: ["request_otp": { Self.removing("expires_in", from: $0) }])
    let market = try harness.client.market
    let request = try await market.requestOTP(phoneNumber: "6900000000")
    #expect(request.expiresIn == 0)
    #expect(market.drift.snapshot().count(call: "request_otp", field: "expires_in") == 1)
    await harness.client.shutdown()
  }
}
