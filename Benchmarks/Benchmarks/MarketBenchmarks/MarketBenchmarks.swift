import Benchmark
import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import Synchronization

// Each SDK figure has a reference measured in the same run; report the ratio.
//
// - "Campaigns: decode 10,000, answer": the market's one-pass decoding of a
//   `{"status":"1","context":{"MAPP_CAMPAIGNING":{"campaigns":[...]},
//   "MAPP_CAMPAIGNING-status":1}}` answer. The decoding is internal to LoyaltyMarket, so it
//   is reached the way an app reaches it: `Market.personalizedCampaigns()`, which is one
//   `NetworkClient.send` of the campaigns endpoint, over an in-process transport that
//   returns the pre-encoded answer. Against the seed SDK's approach on the same bytes:
//   `JSONSerialization.jsonObject`, then one `ReferenceCampaign(dictionary:)` per
//   campaign. Target: ours not slower.
// - "Campaigns: decode 10,000, array": `JSONDecoder().decode([Campaign].self, from:)` of
//   the campaigns array alone, against the reference on the same array.
// - "JSON: parse the 10,000-campaign answer: JSONTape": `JSONTape(parsing:)` of the whole
//   answer, the byte-level parser the market's decode uses, alone (every value checked,
//   one token per value, strings left as bytes); MB/s is the answer's size over the p50.
// - "JSON: parse the 10,000-campaign answer: JSONValue(parsing:)": the same parse, then the
//   `JSONValue` tree built from its tokens (what other products parse bodies with).
// - "Campaigns: pipeline": `CampaignPipeline.authenticated(basic:personalized:
//   availability:)` over 10,000 basic campaigns, 100 personalized ones and 10,000
//   availability entries: time, peak resident memory (absolute, and its rise over the
//   resident memory once the inputs are built and the fixture's other memory handed back)
//   and the bytes it allocates. No reference.
//
// The bytes come from LoyaltySandbox's fixtures (seed 7: 10,000 campaigns, 10,000 coupon
// sets), answered once by the sandbox through the SDK's own client before any
// measurement, so they are what the sandbox and the emulator serve.

enum BenchmarkFailure: Error {
  case noFixtureUser
  case missingAnswer(String)
  case unexpectedShape(String)
  case wrongCount(expected: Int, found: Int)
  case referenceDisagrees(String)
}

let campaignCount = 10_000
let couponSetCount = 10_000
let personalizedCount = 100

let configuration: LoyaltyConfiguration = {
  var configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", merchantID: "sandbox-merchant",
    apiKey: "bench-api-key", bundleID: "com.example.bench",
    environment: .custom(URL(string: "https://sandbox.invalid") ?? URL(fileURLWithPath: "/")),
    preset: .production)
  configuration.logging.level = .none
  return configuration
}()

// MARK: - Transports

/// The sandbox, keeping the body of the last answer of each endpoint.
final class RecordingTransport: HTTPTransport {
  let sandbox: SandboxTransport
  private let bodies = Mutex<[SandboxEndpoint: Data]>([:])

  init(_ sandbox: SandboxTransport) { self.sandbox = sandbox }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response = try await sandbox.send(request)
    let endpoint = sandbox.backend.endpoint(for: request)
    bodies.withLock { $0[endpoint] = response.body }
    return response
  }

  func body(of endpoint: SandboxEndpoint) throws -> Data {
    guard let body = bodies.withLock({ $0[endpoint] }) else {
      throw BenchmarkFailure.missingAnswer("\(endpoint)")
    }
    return body
  }
}

/// Answers every request with the same pre-encoded bytes.
struct CannedTransport: HTTPTransport {
  let body: Data

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
  }
}

func client(transport: any HTTPTransport, tokens: TokenPair) -> NetworkClient {
  NetworkClient(
    configuration: configuration, transport: transport, tokenStore: InMemoryTokenStore(tokens),
    signer: PortableRequestSigner(), clock: SystemClock(),
    device: DeviceIdentity(deviceID: "d", platform: "linux", vendor: "linux", osVersion: "6"),
    events: nil, logger: .disabled)
}

/// A market whose every call is answered with `body`. Its access token is not a JWT, so
/// it has no known expiry and is never refreshed.
func cannedMarket(_ body: Data) -> Market {
  Market(
    network: client(
      transport: CannedTransport(body: body),
      tokens: TokenPair(accessToken: "bench-access-token", refreshToken: "bench-refresh-token")))
}

// MARK: - The seed SDK's approach (reference)

/// A campaign built the way the seed SDK builds its models: from the `[String: Any]`
/// that `JSONSerialization` returns, one dictionary lookup and cast per field, `?? ""`
/// defaults, escaped slashes cleaned from URLs. It reads the same fields as
/// `Campaign.init(from:)`; like the seed, it keeps dates and URLs as strings.
final class ReferenceCampaign {
  let sessionUUID: String
  let title: String
  let subtitle: String
  let offerCategory: String
  let type: String
  let couponSet: String
  let indexURL: String
  let campaignURL: String
  let logoURL: String
  let bannerImage: String
  let bannerImageMobile: String
  let sorting: Int
  let isCarousel: Bool
  let filter: String
  let startDate: String
  let endDate: String
  var couponAvailability: Int?

  init(dictionary: [String: Any]) {
    sessionUUID = dictionary["session_uuid"] as? String ?? ""
    title = dictionary["title"] as? String ?? ""
    subtitle = dictionary["subtitle"] as? String ?? ""
    offerCategory = dictionary["offer_category"] as? String ?? ""
    type = dictionary["campaign_type"] as? String ?? dictionary["_type"] as? String ?? ""
    couponSet = dictionary["couponset"] as? String ?? ""
    indexURL = Self.cleanedURL(dictionary["index_url"])
    campaignURL = Self.cleanedURL(dictionary["campaign_url"])
    logoURL = Self.cleanedURL(dictionary["logo_url"])
    bannerImage = Self.cleanedURL(dictionary["banner_img"])
    bannerImageMobile = Self.cleanedURL(dictionary["banner_img_mobile"])
    sorting = Self.int(dictionary["sorting"]) ?? Self.int(dictionary["_sorting"]) ?? 0
    isCarousel = Self.bool(dictionary["carousel"]) ?? Self.bool(dictionary["_carousel"]) ?? false
    filter = dictionary["filter"] as? String ?? "all"
    startDate = dictionary["start_date"] as? String ?? ""
    endDate = dictionary["end_date"] as? String ?? ""
    couponAvailability = Self.int(dictionary["coupon_availability"])
  }

  static func cleanedURL(_ value: Any?) -> String {
    (value as? String ?? "").replacingOccurrences(of: "\\/", with: "/")
  }

  static func int(_ value: Any?) -> Int? {
    if let number = value as? Int { return number }
    if let text = value as? String { return Int(text) }
    return nil
  }

  static func bool(_ value: Any?) -> Bool? {
    if let flag = value as? Bool { return flag }
    if let text = value as? String { return text == "true" || text == "1" }
    return nil
  }
}

/// The reference's decoding of a whole answer: parse, check the statuses, dig out the
/// list, build each campaign.
func referenceCampaigns(answer: Data) throws -> [ReferenceCampaign] {
  guard let root = try JSONSerialization.jsonObject(with: answer) as? [String: Any],
    root["status"] as? String == "1" || root["status"] as? Int == 1,
    let context = root["context"] as? [String: Any],
    context["MAPP_CAMPAIGNING-status"] as? Int == 1,
    let domain = context["MAPP_CAMPAIGNING"] as? [String: Any],
    let list = domain["campaigns"] as? [[String: Any]]
  else { throw BenchmarkFailure.unexpectedShape("reference answer") }
  return list.map(ReferenceCampaign.init(dictionary:))
}

/// The reference's decoding of the campaigns array alone.
func referenceCampaigns(array: Data) throws -> [ReferenceCampaign] {
  guard let list = try JSONSerialization.jsonObject(with: array) as? [[String: Any]] else {
    throw BenchmarkFailure.unexpectedShape("reference array")
  }
  return list.map(ReferenceCampaign.init(dictionary:))
}

// MARK: - Fixture

/// The sandbox's answers, encoded once, and the lists the SDK decodes from them.
struct MarketFixture: Sendable {
  /// The basic campaigns answer, as the sandbox sends it.
  let answer: Data
  /// The same answer's campaigns array alone.
  let array: Data
  /// The basic campaigns, decoded by the SDK.
  let basic: [Campaign]
  /// The personalized campaigns of the fixture user, decoded by the SDK.
  let personalized: [Campaign]
  /// Coupons left for every coupon set, decoded by the SDK.
  let availability: [String: Int]

  static func make() async throws -> MarketFixture {
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(matching: configuration),
      fixtures: SandboxFixtures(
        seed: 7, campaigns: campaignCount, personalizedCampaigns: personalizedCount,
        couponSets: couponSetCount, merchants: 200, users: 1))
    guard let tokens = backend.issueTokens(email: SandboxFixtures.userEmail(1)) else {
      throw BenchmarkFailure.noFixtureUser
    }
    let recorder = RecordingTransport(SandboxTransport(backend))
    let market = Market(network: client(transport: recorder, tokens: tokens))
    // The basic list: `supermarketCampaign()` is the one call that sends only it.
    _ = try await market.supermarketCampaign()
    let personalized = try await market.personalizedCampaigns()
    let availability = try await market.availableCoupons()
    let answer = try recorder.body(of: .campaigns)

    guard
      case .array(let campaigns)? = try JSONValue(parsing: answer)["context"]?[
        "MAPP_CAMPAIGNING"]?["campaigns"]
    else { throw BenchmarkFailure.unexpectedShape("sandbox answer") }
    let array = try JSONValue.array(campaigns).jsonData()
    let basic = try await cannedMarket(answer).personalizedCampaigns()

    let fixture = MarketFixture(
      answer: answer, array: array, basic: basic, personalized: personalized,
      availability: availability)
    try fixture.check()
    return fixture
  }

  /// Fails unless every list has its expected size and the reference reads the same
  /// values as the SDK.
  func check() throws {
    for (found, expected) in [
      (basic.count, campaignCount), (personalized.count, personalizedCount),
      (availability.count, couponSetCount),
    ] where found != expected {
      throw BenchmarkFailure.wrongCount(expected: expected, found: found)
    }
    let reference = try referenceCampaigns(answer: answer)
    let fromArray = try JSONDecoder().decode([Campaign].self, from: array)
    guard reference.count == basic.count, fromArray == basic else {
      throw BenchmarkFailure.referenceDisagrees("counts or array decoding")
    }
    for (ours, theirs) in zip(basic, reference) {
      guard ours.sessionUUID == theirs.sessionUUID, ours.title == theirs.title,
        ours.subtitle == theirs.subtitle, ours.offerCategory == theirs.offerCategory,
        ours.type == theirs.type, ours.couponSet == theirs.couponSet,
        ours.indexURL?.absoluteString == theirs.indexURL,
        ours.bannerImageMobile?.absoluteString == theirs.bannerImageMobile,
        ours.sorting == theirs.sorting, ours.isCarousel == theirs.isCarousel,
        ours.filter == theirs.filter, ours.startDate.map(LoyaltyDate.format) == theirs.startDate,
        ours.endDate.map(LoyaltyDate.format) == theirs.endDate
      else { throw BenchmarkFailure.referenceDisagrees(ours.sessionUUID) }
    }
  }
}

/// Gives the memory `free` kept back to the system, so the resident memory at the start
/// of sampling is what is live, not what building the fixture left behind.
func trimFreeMemory() {
  #if canImport(Glibc)
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(nil, "malloc_trim") {
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
  #endif
}

/// What the pipeline takes: the SDK's decoded lists, without the answers' bytes.
struct PipelineInput: Sendable {
  let basic: [Campaign]
  let personalized: [Campaign]
  let availability: [String: Int]

  /// Builds the fixture, keeps the lists, and hands the rest of the memory back.
  static func make() async throws -> PipelineInput {
    let fixture = try await MarketFixture.make()
    let input = PipelineInput(
      basic: fixture.basic, personalized: fixture.personalized,
      availability: fixture.availability)
    trimFreeMemory()
    return input
  }
}

func expectCount(_ count: Int) throws {
  guard count == campaignCount else {
    throw BenchmarkFailure.wrongCount(expected: campaignCount, found: count)
  }
}

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .milliseconds,
    warmupIterations: 1, maxDuration: .seconds(4), maxIterations: 30)

  Benchmark(
    "Campaigns: decode 10,000, answer: Market, NetworkClient.send",
    closure: { benchmark, fixture in
      let market = cannedMarket(fixture.answer)
      benchmark.startMeasurement()
      let campaigns = try await market.personalizedCampaigns()
      benchmark.stopMeasurement()
      try expectCount(campaigns.count)
      blackHole(campaigns)
    }, setup: { try await MarketFixture.make() })

  Benchmark(
    "Campaigns: decode 10,000, answer: JSONSerialization + init(dictionary:) (reference)",
    closure: { benchmark, fixture in
      let transport = CannedTransport(body: fixture.answer)
      let request = HTTPRequest(
        method: .post,
        url: URL(string: "https://sandbox.invalid/oauth/x/context") ?? URL(fileURLWithPath: "/"),
        body: Data(#"{"campaigns":{"action":"retrieve","filters":{},"language":"el"}}"#.utf8))
      benchmark.startMeasurement()
      let response = try await transport.send(request)
      let campaigns = try referenceCampaigns(answer: response.body)
      benchmark.stopMeasurement()
      try expectCount(campaigns.count)
      blackHole(campaigns)
    }, setup: { try await MarketFixture.make() })

  Benchmark(
    "JSON: parse the 10,000-campaign answer: JSONTape",
    closure: { benchmark, fixture in
      benchmark.startMeasurement()
      let tape = try JSONTape(parsing: fixture.answer)
      benchmark.stopMeasurement()
      guard tape.count > campaignCount * 10 else {
        throw BenchmarkFailure.unexpectedShape("parsed answer")
      }
      blackHole(tape)
    }, setup: { try await MarketFixture.make() })

  Benchmark(
    "JSON: parse the 10,000-campaign answer: JSONValue(parsing:)",
    closure: { benchmark, fixture in
      benchmark.startMeasurement()
      let value = try JSONValue(parsing: fixture.answer)
      benchmark.stopMeasurement()
      guard case .array(let campaigns)? = value["context"]?["MAPP_CAMPAIGNING"]?["campaigns"]
      else { throw BenchmarkFailure.unexpectedShape("parsed answer") }
      try expectCount(campaigns.count)
      blackHole(value)
    }, setup: { try await MarketFixture.make() })

  Benchmark(
    "Campaigns: decode 10,000, array: JSONDecoder [Campaign]",
    closure: { benchmark, fixture in
      benchmark.startMeasurement()
      let campaigns = try JSONDecoder().decode([Campaign].self, from: fixture.array)
      benchmark.stopMeasurement()
      try expectCount(campaigns.count)
      blackHole(campaigns)
    }, setup: { try await MarketFixture.make() })

  Benchmark(
    "Campaigns: decode 10,000, array: JSONSerialization + init(dictionary:) (reference)",
    closure: { benchmark, fixture in
      benchmark.startMeasurement()
      let campaigns = try referenceCampaigns(array: fixture.array)
      benchmark.stopMeasurement()
      try expectCount(campaigns.count)
      blackHole(campaigns)
    }, setup: { try await MarketFixture.make() })

  Benchmark(
    "Campaigns: pipeline, 10,000 campaigns + 10,000 availability entries",
    configuration: .init(
      metrics: [
        .wallClock, .throughput, .mallocCountTotal, .mallocBytesCount, .peakMemoryResident,
        .peakMemoryResidentDelta,
      ], timeUnits: .milliseconds,
      units: [
        .peakMemoryResident: .kilo, .peakMemoryResidentDelta: .kilo, .mallocBytesCount: .kilo,
      ],
      warmupIterations: 1, maxDuration: .seconds(4), maxIterations: 30),
    closure: { benchmark, fixture in
      let result = CampaignPipeline.authenticated(
        basic: fixture.basic, personalized: fixture.personalized,
        availability: fixture.availability)
      benchmark.stopMeasurement()
      try expectCount(result.all.count - personalizedCount)
      blackHole(result)
    },
    setup: { try await PipelineInput.make() })

  // The offline cache's rows: OfflineBenchmarks.swift.
  registerOfflineBenchmarks()
}
