import Benchmark
import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltySecurity
import LoyaltyStore
import Synchronization

// The market's offline cache (Docs/Offline.md), on a data directory an online client
// filled: one user holding 1,000 coupons, 500 campaigns, read once each through a client
// over the in-process `SandboxBackend` (`StoreModule(location: .file)`,
// `SecurityModule(keyStore: .file)`, the production preset: every cached body sealed with
// AES-256-GCM at rest), then shut down. Nothing of the filling is measured.
//
// - "Offline: cold start to 1,000 cached coupons, network cut": `LoyaltyClient.start` on
//   that directory (market, network, store, security) with a transport that fails every
//   call as with no connection, then `market.coupons(policy: .networkFirst)`, within the
//   coupons' minimum interval (60 s) so answered from the cache without a call, and the
//   active ones filtered: start to coupons in hand. The shutdown after is not measured.
//   The custom metrics: the calls the cut transport saw (0 expected) and the start alone.
//   Target: at most 50 ms.
// - "Offline: read 1,000 cached coupons: Market, cacheOnly": a started client's
//   `market.coupons(policy: .cacheOnly)`: the row read on the database's thread, opened,
//   decoded, expiries judged, `MarketState` updated. Against the seed SDK's approach on
//   the same coupons: the sqlite3 C API reading 1,000 rows of one coupon's JSON each,
//   `JSONSerialization` of each and a `ReferenceCoupon(dictionary:)` (dates and URLs kept
//   as strings, as the seed does). Target: ours faster.
// - "Offline: 1,000 concurrent reads of the coupons, networkOnly": 1,000 tasks at once
//   reading the coupons under `networkOnly` over the sandbox; a transport in front of it
//   counts the coupon calls: identical reads in flight share one (single flight). The
//   count is the custom metric `coupon requests`; any other count fails the benchmark.
//   An iteration takes tens of seconds (every read decodes the cached answer and sorts
//   the coupons into `MarketState`), so the row runs 5 iterations without warm-up.

enum OfflineFailure: Error {
  case wrongCount(String, expected: Int, found: Int)
  case notFromCache(AnswerSource)
  case noCachedCoupons
  case sqlite(String)
  case referenceDisagrees
}

let offlineCouponCount = 1_000
let offlineCampaignCount = 500

// MARK: - Transports

/// The network cut: every call fails as a device without a connection sees it; counts the
/// attempts.
final class CutNetwork: HTTPTransport {
  let attempts = Atomic<Int>(0)

  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    attempts.add(1, ordering: .relaxed)
    throw TransportFailure.notConnected.error(host: request.url.host)
  }
}

/// The sandbox, counting the requests for the user's coupons that reach it.
final class CountingSandbox: HTTPTransport {
  let sandbox: SandboxTransport
  let couponRequests = Atomic<Int>(0)

  init(_ sandbox: SandboxTransport) { self.sandbox = sandbox }

  var keepsDeadlines: Bool { sandbox.keepsDeadlines }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    if sandbox.backend.endpoint(for: request) == .coupons {
      couponRequests.add(1, ordering: .relaxed)
    }
    return try await sandbox.send(request)
  }
}

// MARK: - Fixture

/// Clients and folders the fixtures made, closed and removed in each benchmark's teardown.
let offlineLeftovers = Mutex<(clients: [LoyaltyClient], folders: [URL])>(([], []))

func closeOfflineLeftovers() async {
  let (clients, folders) = offlineLeftovers.withLock { leftovers in
    defer { leftovers = ([], []) }
    return leftovers
  }
  for client in clients { await client.shutdown() }
  for folder in folders { try? FileManager.default.removeItem(at: folder) }
}

/// A data directory filled by an online client, and the sandbox that answered it.
struct OfflineFixture: Sendable {
  let directory: URL
  let backend: SandboxBackend

  /// Fills a new temporary directory: logs the fixture user in, reads the coupons and the
  /// campaigns once (so both are cached), and shuts the client down.
  static func fill() async throws -> OfflineFixture {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "loyalty-offline-bench-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    offlineLeftovers.withLock { $0.folders.append(directory) }
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(matching: configuration),
      fixtures: SandboxFixtures(
        seed: 7, campaigns: offlineCampaignCount, personalizedCampaigns: 20, couponSets: 200,
        merchants: 100, users: 1, couponsPerUser: offlineCouponCount))
    let fixture = OfflineFixture(directory: directory, backend: backend)
    let client = try await fixture.start(transport: SandboxTransport(backend))
    do {
      try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
      let market = try client.market
      let coupons = try await market.coupons()
      let campaigns = try await market.campaigns()
      try expect("coupons", coupons.count, offlineCouponCount)
      guard !campaigns.isEmpty else {
        throw OfflineFailure.wrongCount("campaigns", expected: offlineCampaignCount, found: 0)
      }
    } catch {
      await client.shutdown()
      throw error
    }
    await client.shutdown()
    return fixture
  }

  /// A client on the directory, over `transport`.
  func start(transport: any HTTPTransport) async throws -> LoyaltyClient {
    var settings = configuration
    settings.database.directory = directory.path
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: transport)
    return try await LoyaltyClient.start(
      settings,
      modules: [
        MarketModule(), NetworkModule(), StoreModule(location: .file),
        SecurityModule(keyStore: .file),
      ], overrides: overrides)
  }

  /// A client on the directory, over `transport`, closed in the teardown.
  func startKept(transport: any HTTPTransport) async throws -> LoyaltyClient {
    let client = try await start(transport: transport)
    offlineLeftovers.withLock { $0.clients.append(client) }
    return client
  }
}

func expect(_ what: String, _ found: Int, _ expected: Int) throws {
  guard found == expected else {
    throw OfflineFailure.wrongCount(what, expected: expected, found: found)
  }
}

// MARK: - Benchmarks

func registerOfflineBenchmarks() {
  let short = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds,
    warmupIterations: 2, maxDuration: .seconds(5), maxIterations: 200)

  Benchmark(
    "Offline: cold start to 1,000 cached coupons, network cut",
    configuration: .init(
      metrics: [
        .wallClock, .throughput, .mallocCountTotal, .custom("calls attempted"),
        .custom("LoyaltyClient.start alone (µs)", useScalingFactor: false),
      ],
      timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(10),
      maxIterations: 50),
    closure: { benchmark, fixture in
      let transport = CutNetwork()
      let clock = ContinuousClock()
      benchmark.startMeasurement()
      let started = clock.now
      let client = try await fixture.start(transport: transport)
      let startTime = started.duration(to: clock.now)
      let coupons = try await client.market.coupons(policy: .networkFirst)
      let active = coupons.value.filter(\.isActive)
      benchmark.stopMeasurement()
      await client.shutdown()
      benchmark.measurement(.custom("calls attempted"), transport.attempts.load(ordering: .relaxed))
      benchmark.measurement(
        .custom("LoyaltyClient.start alone (µs)", useScalingFactor: false),
        Int(startTime / .microseconds(1)))
      guard coupons.source == .cache else { throw OfflineFailure.notFromCache(coupons.source) }
      try expect("coupons", coupons.value.count, offlineCouponCount)
      blackHole(active)
    },
    setup: { try await OfflineFixture.fill() },
    teardown: { await closeOfflineLeftovers() })

  Benchmark(
    "Offline: read 1,000 cached coupons: Market, cacheOnly",
    configuration: short,
    closure: { benchmark, market in
      benchmark.startMeasurement()
      let coupons = try await market.coupons(policy: .cacheOnly)
      benchmark.stopMeasurement()
      try expect("coupons", coupons.value.count, offlineCouponCount)
      blackHole(coupons)
    },
    setup: { () async throws -> Market in
      let fixture = try await OfflineFixture.fill()
      return try await fixture.startKept(transport: CutNetwork()).market
    },
    teardown: { await closeOfflineLeftovers() })

  Benchmark(
    "Offline: read 1,000 cached coupons: sqlite3 + JSONSerialization + init(dictionary:) "
      + "(reference)",
    configuration: short,
    closure: { benchmark, store in
      benchmark.startMeasurement()
      let coupons = try store.coupons()
      benchmark.stopMeasurement()
      try expect("coupons", coupons.count, offlineCouponCount)
      blackHole(coupons)
    },
    setup: { try await ReferenceCouponStore.make() },
    teardown: { await closeOfflineLeftovers() })

  Benchmark(
    "Offline: 1,000 concurrent reads of the coupons, networkOnly",
    configuration: .init(
      metrics: [.wallClock, .throughput, .mallocCountTotal, .custom("coupon requests")],
      timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(300),
      maxIterations: 5),
    closure: { benchmark, fixture in
      let (market, transport) = fixture
      let before = transport.couponRequests.load(ordering: .relaxed)
      benchmark.startMeasurement()
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<1_000 {
          group.addTask { try await market.coupons(policy: .networkOnly).value.count }
        }
        for try await count in group { try expect("coupons", count, offlineCouponCount) }
      }
      benchmark.stopMeasurement()
      let sent = transport.couponRequests.load(ordering: .relaxed) - before
      benchmark.measurement(.custom("coupon requests"), sent)
      try expect("coupon requests", sent, 1)
    },
    setup: { () async throws -> (Market, CountingSandbox) in
      let fixture = try await OfflineFixture.fill()
      let transport = CountingSandbox(SandboxTransport(fixture.backend))
      return (try await fixture.startKept(transport: transport).market, transport)
    },
    teardown: { await closeOfflineLeftovers() })
}
