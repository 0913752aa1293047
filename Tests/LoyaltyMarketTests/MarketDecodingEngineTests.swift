import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@testable import LoyaltyMarket

/// The market decodes answers from the SDK's parser's tape (`JSONTapeDecoder`, and
/// `FieldReader`'s direct reads); it decoded with `JSONDecoder` before. Both must give the
/// same values, the same errors and the same drift: on the sandbox's answers as they are,
/// and on thousands of drifted copies of them.
@Suite("Decoding from the parser's tape, against JSONDecoder")
struct MarketDecodingEngineTests {
  /// What a decode gave: a value, or an error's code and metadata; and its drift.
  struct Outcome: Equatable, CustomStringConvertible {
    enum Result: Equatable {
      case value(AnyHashable)
      case failure(LoyaltyError.Code, [String: String])
    }
    let result: Result
    let drift: [DriftCollector.Entry: Int]

    var description: String { "\(result), drift \(drift)" }
  }

  typealias Decode =
    @Sendable (HTTPResponse, DriftCollector, MarketDecoding.Engine) throws ->
    AnyHashable

  /// The answers decoded here, by the sandbox endpoint that sends them.
  static let decoders: [SandboxEndpoint: Decode] = [
    .campaigns: { response, drift, engine in
      try MarketDecoding.decode(
        CampaignList.self, in: CampaigningDomain.self, from: response, call: "campaigns",
        drift: drift, engine: engine
      ).campaigns
    },
    .personalizedCampaigns: { response, drift, engine in
      try MarketDecoding.decode(
        CampaignList.self, in: CampaigningDomain.self, from: response, call: "personalized",
        drift: drift, engine: engine
      ).campaigns
    },
    .singleCampaign: { response, drift, engine in
      try MarketDecoding.decode(
        ObjectPayload<Campaign>.self, in: CampaigningDomain.self, from: response, call: "single",
        drift: drift, engine: engine
      ).object
    },
    .couponSets: { response, drift, engine in
      try MarketDecoding.decode(
        CouponSetList.self, in: CouponDomain.self, from: response, call: "coupon_sets",
        drift: drift, engine: engine
      ).couponSets
    },
    .couponAvailability: { response, drift, engine in
      try MarketDecoding.decode(
        Availability.self, in: CouponDomain.self, from: response, call: "availability",
        drift: drift, engine: engine
      ).counts
    },
    .coupons: { response, drift, engine in
      try MarketDecoding.decode(
        CouponList.self, in: CouponDomain.self, from: response, call: "coupons", drift: drift,
        engine: engine
      ).coupons
    },
    .validateCoupon: { response, drift, engine in
      try MarketDecoding.decode(
        CouponValidation.self, in: CouponDomain.self, from: response, call: "validate",
        drift: drift, engine: engine)
    },
    .redeemCoupon: { response, drift, engine in
      try MarketDecoding.decode(
        CouponRedemption.self, in: CouponDomain.self, from: response, call: "redeem",
        drift: drift, engine: engine)
    },
    .redeemedSupermarketHistory: { response, drift, engine in
      try MarketDecoding.decode(
        RedeemedSupermarketHistory.self, in: CouponDomain.self, from: response,
        call: "history", drift: drift, engine: engine)
    },
    .merchants: { response, drift, engine in
      try MarketDecoding.decode(
        ShopList.self, in: ShopsDomain.self, from: response, call: "merchants", drift: drift,
        engine: engine
      ).shops
    },
    .merchantCategories: { response, drift, engine in
      try MarketDecoding.decode(
        CategoryList.self, in: ShopsDomain.self, from: response, call: "categories",
        drift: drift, engine: engine
      ).categories
    },
    .articles: { response, drift, engine in
      try MarketDecoding.decode(
        ArticleList.self, in: ContentDomain.self, from: response, call: "articles",
        drift: drift, engine: engine
      ).articles
    },
  ]

  static func outcome(_ decode: Decode, _ body: Data, _ engine: MarketDecoding.Engine) -> Outcome {
    let drift = DriftCollector()
    let response = HTTPResponse(status: 200, headers: [:], body: body)
    do {
      return Outcome(result: .value(try decode(response, drift, engine)), drift: drift.recorded)
    } catch let error as LoyaltyError {
      return Outcome(result: .failure(error.code, error.metadata), drift: drift.recorded)
    } catch {
      return Outcome(
        result: .failure(.internalInconsistency, ["error": "\(error)"]), drift: drift.recorded)
    }
  }

  /// The sandbox's answers to every market call, by endpoint.
  static func sandboxAnswers() async throws -> [SandboxEndpoint: Data] {
    let recorder = Locked<[SandboxEndpoint: Data]>([:])
    let harness = try await MarketHarness.start(transport: { backend in
      AnswerRecorder(inner: SandboxTransport(backend), backend: backend, recorder: recorder)
    })
    try await harness.login()
    let market = try harness.client.market
    for call in MarketCall.all where call.operation != "delete_card" {
      try? await call.send(market, harness.backend)
    }
    await harness.client.shutdown()
    return recorder.withLock { $0 }
  }

  @Test("the sandbox's answers decode to the same values, with no drift")
  func fixtures() async throws {
    let answers = try await Self.sandboxAnswers()
    for (endpoint, decode) in Self.decoders {
      let body = try #require(answers[endpoint], "no answer from \(endpoint)")
      let tape = Self.outcome(decode, body, .tape)
      let foundation = Self.outcome(decode, body, .foundation)
      #expect(tape == foundation, "\(endpoint)")
      guard case .value = tape.result else {
        Issue.record("\(endpoint) did not decode: \(tape)")
        continue
      }
      #expect(tape.drift.isEmpty, "\(endpoint): \(tape.drift)")
    }
  }

  @Test("drifted answers give the same values, errors and drift")
  func drifted() async throws {
    let answers = try await Self.sandboxAnswers()
    var generator = SplitMix(seed: 19)
    var drifting = 0
    for (endpoint, decode) in Self.decoders.sorted(by: { "\($0.key)" < "\($1.key)" }) {
      let answer = try JSONValue(parsing: try #require(answers[endpoint]))
      for _ in 0..<150 {
        let body = try Drift.apply(to: answer, rate: 0.08, &generator).jsonData()
        let tape = Self.outcome(decode, body, .tape)
        let foundation = Self.outcome(decode, body, .foundation)
        #expect(tape == foundation, "\(endpoint): \(String(decoding: body, as: UTF8.self))")
        if !tape.drift.isEmpty { drifting += 1 }
      }
    }
    #expect(drifting > 500, "the drifted answers hardly drifted: \(drifting)")
  }

  @Test(
    "bodies that are not an answer fail the same way",
    arguments: ["", "not json", "[]", "1", "null", #"{"status":"1"}"#, #"{"context":[]}"#])
  func malformed(_ body: String) throws {
    for (endpoint, decode) in Self.decoders {
      let data = Data(body.utf8)
      let foundation = Self.outcome(decode, data, .foundation)
      #expect(Self.outcome(decode, data, .tape) == foundation, "\(endpoint): \(body)")
    }
  }
}

/// Keeps the body of each endpoint's last successful answer.
struct AnswerRecorder: HTTPTransport {
  let inner: SandboxTransport
  let backend: SandboxBackend
  let recorder: Locked<[SandboxEndpoint: Data]>

  /// In process: answers at once, so the client calls it without a timer.
  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response = try await inner.send(request)
    if response.status == 200 {
      let endpoint = backend.endpoint(for: request)
      recorder.withLock { $0[endpoint] = response.body }
    }
    return response
  }
}

/// A small seeded generator, so a failure can be replayed.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Changes a share of an answer's values the way drifting servers do.
enum Drift {
  static let replacements: [JSONValue] = [
    .null, "", " ", "garbage", "12", " 7 ", "1.5", "1,5", "-3", "true", "yes", "0", "no",
    "2026-11-21 10:30:15", "2026-02-30", "https:\\/\\/example.com\\/a b", "a,b, c", .bool(true),
    .bool(false), 0, 1, 42, 1.5, -2.0, 1e20, [], ["x", "y"], [1, 2], [1, "x"], [:],
    ["merchant_uuid": "m"], ["nested": [1]],
  ]

  static func apply<G: RandomNumberGenerator>(
    to value: JSONValue, rate: Double, _ generator: inout G
  ) -> JSONValue {
    switch value {
    case .object(let members):
      var changed: [String: JSONValue] = [:]
      for key in members.keys.sorted() {
        guard let member = members[key] else { continue }
        let roll = Double.random(in: 0..<1, using: &generator)
        if roll < rate / 4, !key.hasSuffix("status") {
          continue  // dropped
        } else if roll < rate / 2, !key.hasSuffix("status") {
          changed["_" + key] = member  // the seed's name
        } else if roll < rate, !key.hasSuffix("status") {
          changed[key] = replacements.randomElement(using: &generator) ?? .null
        } else {
          changed[key] = apply(to: member, rate: rate, &generator)
        }
      }
      return .object(changed)
    case .array(let elements):
      return .array(
        elements.map { element in
          Double.random(in: 0..<1, using: &generator) < rate / 4
            ? replacements.randomElement(using: &generator) ?? .null
            : apply(to: element, rate: rate, &generator)
        })
    default:
      return value
    }
  }
}
