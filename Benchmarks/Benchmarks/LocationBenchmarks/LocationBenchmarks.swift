import Benchmark
import Foundation
import LoyaltyCore
import LoyaltyLocation
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyStore
import Synchronization

// Geofencing with 100,000 points of interest. Report the ratios of one run.
//
// - "Location: update, 100,000 POIs, R-tree": one `LocationCenter.update` (validation,
//   the fences around the fix, the geofence rules, the regions re-chosen when due)
//   through `SQLitePOIStore` on the `pois_rtree` index; one iteration is one update of a
//   walk (15 m and one second apart) across the 100,000 fences. Target: p50 <= 50 us.
// - "... bounding box": the same walk, the same table, `QueryPlan.boundingBox` (the
//   `(lat, lon)` index widened by the largest radius): what a SQLite without R*Tree gets.
// - "... linear scan, in memory": `InMemoryPointOfInterestStore`, every point measured.
// - "Location: sync 100,000 POIs" and "... 10,000": `syncPointsOfInterest()` from the
//   in-process sandbox into an empty SQLite file (the R*Tree index included), pages of
//   500: time, the peak resident memory, and its rise during the sync over the resident
//   memory at its start (the sandbox's own copy of the points is built before). Flat
//   means the 100,000 rise is not ten times the 10,000 one.
//
// The points are spread uniformly over a 44 x 44 km square around Athens, 100 m fences:
// about 52 per square kilometre, so a fix is in one or two fences.

enum BenchmarkFailure: Error {
  case wrongCount(expected: Int, found: Int)
  case wrongPlan(SQLitePOIStore.QueryPlan)
}

let configuration: LoyaltyConfiguration = {
  var configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", merchantID: "sandbox-merchant",
    apiKey: "bench-api-key", bundleID: "com.example.bench",
    environment: .custom(URL(string: "https://sandbox.invalid") ?? URL(fileURLWithPath: "/")),
    preset: .production)
  configuration.logging.level = .none
  return configuration
}()

let south = 37.8
let west = 23.5
let span = 0.4

/// `count` points, the same for every benchmark (a fixed linear congruential sequence).
func points(_ count: Int) -> [PointOfInterest] {
  var state: UInt64 = 0x2545_F491_4F6C_DD1D
  func next() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
  }
  return (0..<count).map { index in
    PointOfInterest(
      id: Int64(index + 1), latitude: south + next() * span, longitude: west + next() * span,
      radius: 100, merchantID: "m\(index % 5_000)", name: "Store \(index + 1)")
  }
}

/// A center over `store`, whose walk goes on across iterations.
final class Walker: Sendable {
  let center: LocationCenter
  private let step = Mutex(0)

  init(store: any PointOfInterestStore) {
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_815_562_800))
    center = LocationCenter(
      pointsOfInterest: store, store: nil,
      limiter: NotificationLimiter(store: nil, clock: clock), clock: clock)
  }

  /// The next fix of a walk running east in 30 km rows, 15 m apart.
  func nextUpdate() -> LocationUpdate {
    let index = step.withLock { step in
      step += 1
      return step
    }
    let metres = Double(index) * 15
    let row = (metres / 30_000).rounded(.down)
    return LocationUpdate(
      latitude: south + 0.05 + row * 0.002,
      longitude: west + 0.05 + metres.truncatingRemainder(dividingBy: 30_000)
        / (GeoDistance.metresPerDegree * cos(38 * Double.pi / 180)),
      horizontalAccuracy: 10, timestamp: Date(timeIntervalSince1970: 1_815_562_800 + Double(index)))
  }
}

/// The 100,000 points in an in-memory SQLite database, queried with `plan`.
func sqliteWalker(_ plan: SQLitePOIStore.QueryPlan) async throws -> Walker {
  let database = try StoreDatabase(location: .inMemory, configuration: configuration)
  let store = SQLitePOIStore(database: database, plan: plan)
  guard store.plan == plan else { throw BenchmarkFailure.wrongPlan(store.plan) }
  try await store.upsert(points(100_000))
  let count = try await store.count()
  guard count == 100_000 else { throw BenchmarkFailure.wrongCount(expected: 100_000, found: count) }
  return Walker(store: store)
}

func updateBenchmark(_ name: String, _ makeWalker: @escaping @Sendable () async throws -> Walker) {
  Benchmark(
    name,
    configuration: .init(
      metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 100,
      scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 20_000),
    closure: { benchmark, walker in
      for _ in benchmark.scaledIterations {
        let update = walker.nextUpdate()
        benchmark.startMeasurement()
        blackHole(try await walker.center.update(update))
        benchmark.stopMeasurement()
      }
    },
    setup: makeWalker)
}

/// A client on a sandbox serving `count` points.
func syncFixture(_ count: Int) async throws -> (LoyaltyClient, NetworkClient) {
  let backend = SandboxBackend(
    configuration: SandboxConfiguration(matching: configuration),
    fixtures: SandboxFixtures(seed: 7, campaigns: 0, couponSets: 0, merchants: 0))
  for point in points(count) {
    backend.upsertPointOfInterest(
      SandboxPointOfInterest(
        id: point.id, merchantUUID: point.merchantID, name: point.name,
        latitude: point.latitude, longitude: point.longitude, radius: point.radius,
        offerTitle: "10% off", offerDescription: "Show this at the till."))
  }
  let client = try await LoyaltyClient.start(
    configuration, modules: [NetworkModule()],
    overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
  // One sync before any measurement, into memory: the sandbox builds its sorted list of
  // the points (server memory, not the client's) before the rise is measured.
  let clock = ManualClock()
  let warmUp = LocationCenter(
    pointsOfInterest: InMemoryPointOfInterestStore(), store: nil,
    limiter: NotificationLimiter(store: nil, clock: clock), network: try client.network,
    clock: clock)
  _ = try await warmUp.syncPointsOfInterest()
  return (client, try client.network)
}

func syncBenchmark(_ name: String, points count: Int) {
  Benchmark(
    name,
    configuration: .init(
      metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta],
      timeUnits: .milliseconds,
      warmupIterations: 0, maxDuration: .seconds(10), maxIterations: 5),
    closure: { benchmark, fixture in
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "loyalty-location-bench-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let database = try StoreDatabase(
        location: .file(directory.appendingPathComponent("pois.db")), configuration: configuration)
      defer { database.close() }
      let store = SQLitePOIStore(database: database)
      let clock = ManualClock()
      let center = LocationCenter(
        pointsOfInterest: store, store: nil, limiter: NotificationLimiter(store: nil, clock: clock),
        network: fixture.1, clock: clock)
      benchmark.startMeasurement()
      let report = try await center.syncPointsOfInterest()
      benchmark.stopMeasurement()
      guard report.upserted == count else {
        throw BenchmarkFailure.wrongCount(expected: count, found: report.upserted)
      }
    },
    setup: { try await syncFixture(count) },
    teardown: {})
}

let benchmarks: @Sendable () -> Void = {
  updateBenchmark("Location: update, 100,000 POIs, R-tree") { try await sqliteWalker(.rTree) }
  updateBenchmark("Location: update, 100,000 POIs, bounding box") {
    try await sqliteWalker(.boundingBox)
  }
  updateBenchmark("Location: update, 100,000 POIs, linear scan, in memory") {
    Walker(store: InMemoryPointOfInterestStore(points(100_000)))
  }
  syncBenchmark("Location: sync 100,000 POIs", points: 100_000)
  syncBenchmark("Location: sync 10,000 POIs", points: 10_000)
}
