import Benchmark
import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltyStore

// Blocking work must not take the cooperative pool from everything else in the host.
//
// - "Load: 1,000 concurrent requests while 1,000 durable tracks run": 1,000 `track`
//   calls (each one transaction with `synchronous=FULL` on a file database) are started
//   in their own tasks, then 1,000 concurrent `NetworkClient.send`s over an in-process
//   transport; the time is the requests' only (start of the requests to the last
//   answer), the tracks are awaited after the measurement.
// - "Load: 1,000 concurrent requests alone (reference)": the same requests, nothing else
//   running. Target: the loaded storm at most 1.2x the one alone.
// - "Load: 1,000 concurrent requests while 1,000 tracks into a counting queue run": the
//   same tracks into a queue that only counts (no SQLite, no I/O, no storage): the share
//   of the pool the pipeline's own work (building and encoding the events, actor hops)
//   takes, with nothing blocking.

enum BenchmarkFailure: Error {
  case wrongCount(expected: Int, found: Int)
}

let responseBody = Data(
  #"{"status":"1","context":{"MAPP_PROFILE":{"name":"Maria","points":"1200"},"MAPP_PROFILE-status":1}}"#
    .utf8)

let configuration: LoyaltyConfiguration = {
  var configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
    apiKey: "bench-api-key", bundleID: "com.example.bench",
    environment: .custom(URL(string: "https://loyalty.bench") ?? URL(fileURLWithPath: "/")),
    preset: .production)
  configuration.logging.level = .none
  return configuration
}()

/// Answers every request in process, at once: it keeps any deadline.
final class Backend: HTTPTransport {
  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    HTTPResponse(status: 200, body: responseBody)
  }
}

func jwt(expiresIn seconds: TimeInterval) -> String {
  let exp = Int(Date().timeIntervalSince1970 + seconds)
  return Base64URL.encode(Data(#"{"alg":"HS256"}"#.utf8)) + "."
    + Base64URL.encode(Data(#"{"sub":"u","exp":\#(exp)}"#.utf8)) + ".sig"
}

func makeClient() -> NetworkClient {
  NetworkClient(
    configuration: configuration, transport: Backend(),
    tokenStore: InMemoryTokenStore(
      TokenPair(accessToken: jwt(expiresIn: 3_600), refreshToken: "r")),
    signer: PortableRequestSigner(), clock: SystemClock(),
    device: DeviceIdentity(deviceID: "d", platform: "linux", vendor: "linux", osVersion: "6"),
    events: nil, logger: .disabled)
}

let profile = Endpoint<ResponseEnvelope>(
  name: "profile", method: .post, path: "/oauth/{appUUID}/context", auth: .bearer,
  body: .wrapped("consumer_data", ["action": "handle_user_details", "process": "get"]),
  isIdempotent: true, check: .domain("MAPP_PROFILE"))

func storm(_ client: NetworkClient) async throws {
  try await withThrowingTaskGroup(of: Void.self) { group in
    for _ in 0..<1_000 {
      group.addTask { _ = try await client.send(profile) }
    }
    try await group.waitForAll()
  }
}

/// An event queue that stores nothing and counts what it was given: the pipeline's own
/// cost, with no storage behind it.
actor CountingQueue: EventQueue {
  private var appended = 0
  func append(_ events: [QueuedEvent]) { appended += events.count }
  func claim(maxCount: Int, maxBytes: Int) -> [QueuedEvent] { [] }
  func acknowledge(_ ids: [String]) {}
  func release(_ ids: [String]) {}
  func count() -> Int { appended }
  func trim(toCapacity capacity: Int) -> Int { 0 }
  func droppedCount() -> Int { 0 }
  func quarantine(_ ids: [String], reason: String) {}
  func quarantinedCount() -> Int { 0 }
}

/// `count` concurrent `track` calls.
func track(_ count: Int, into pipeline: AnalyticsPipeline) async throws {
  try await withThrowingTaskGroup(of: Void.self) { group in
    for index in 0..<count {
      group.addTask { _ = try await pipeline.track("load", parameters: ["i": String(index)]) }
    }
    try await group.waitForAll()
  }
}

func scratch() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "loyalty-load-bench-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

let benchmarks: @Sendable () -> Void = {
  let storms = Benchmark.Configuration(
    metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 1,
    maxDuration: .seconds(10), maxIterations: 30)

  Benchmark("Load: 1,000 concurrent requests alone (reference)", configuration: storms) {
    benchmark in
    let client = makeClient()
    benchmark.startMeasurement()
    try await storm(client)
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Load: 1,000 concurrent requests while 1,000 tracks into a counting queue run",
    configuration: storms
  ) { benchmark in
    let client = makeClient()
    let queue = CountingQueue()
    let pipeline = AnalyticsPipeline(
      queue: queue, uploader: { nil }, clock: SystemClock(),
      configuration: AnalyticsConfiguration(flushAt: 100_000, flushInterval: 0))
    let tracks = Task { try await track(1_000, into: pipeline) }
    benchmark.startMeasurement()
    try await storm(client)
    benchmark.stopMeasurement()
    try await tracks.value
    let queued = await queue.count()
    guard queued == 1_000 else { throw BenchmarkFailure.wrongCount(expected: 1_000, found: queued) }
  }

  Benchmark("Load: 1,000 concurrent requests while 1,000 durable tracks run", configuration: storms)
  {
    benchmark in
    let client = makeClient()
    let durable = try DurableTracks()
    defer { durable.close() }
    let pipeline = durable.pipeline
    let tracks = Task { try await track(1_000, into: pipeline) }
    benchmark.startMeasurement()
    try await storm(client)
    benchmark.stopMeasurement()
    try await tracks.value
    try await durable.expect(1_000)
  }

  // The rows above are measured one after the other, each for a second or more, and this
  // machine's speed moves between runs of that length (the reference alone gives 11 or
  // 18 ms at p50 from one run to the next). Here each iteration times the requests alone
  // and beside the tracks back to back, in alternating order, and records the ratio.
  Benchmark(
    "Load: requests beside 1,000 durable tracks ÷ requests alone, paired (‰)",
    configuration: .init(
      metrics: [.custom("ratio ‰")], warmupIterations: 1, maxDuration: .seconds(20),
      maxIterations: 100)
  ) { benchmark in
    let client = makeClient()
    let durable = try DurableTracks()
    defer { durable.close() }
    var alone = Duration.zero
    var beside = Duration.zero
    let clock = ContinuousClock()
    let aloneFirst = benchmark.currentIteration.isMultiple(of: 2)
    if aloneFirst { alone = try await clock.measure { try await storm(client) } }
    let pipeline = durable.pipeline
    let tracks = Task { try await track(1_000, into: pipeline) }
    beside = try await clock.measure { try await storm(client) }
    try await tracks.value
    if !aloneFirst { alone = try await clock.measure { try await storm(client) } }
    try await durable.expect(1_000)
    benchmark.measurement(.custom("ratio ‰"), Int((beside / alone * 1_000).rounded()))
  }
}

/// An analytics pipeline over a `SQLiteEventQueue` on a file database of its own.
final class DurableTracks {
  let directory: URL
  let database: StoreDatabase
  let queue: SQLiteEventQueue
  let pipeline: AnalyticsPipeline

  init() throws {
    directory = try scratch()
    var storeConfiguration = configuration
    storeConfiguration.database.directory = directory.path
    database = try StoreDatabase(
      location: .file(directory.appendingPathComponent("events.db")),
      configuration: storeConfiguration)
    queue = SQLiteEventQueue(database: database)
    pipeline = AnalyticsPipeline(
      queue: queue, uploader: { nil }, clock: SystemClock(),
      configuration: AnalyticsConfiguration(flushAt: 100_000, flushInterval: 0))
  }

  /// Fails unless exactly `count` events are queued.
  func expect(_ count: Int) async throws {
    let queued = try await queue.count()
    guard queued == count else { throw BenchmarkFailure.wrongCount(expected: count, found: queued) }
  }

  func close() {
    database.close()
    try? FileManager.default.removeItem(at: directory)
  }
}
