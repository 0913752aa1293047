import Benchmark
import Foundation
import GRDB
import LoyaltyCore
import LoyaltyEvents
import LoyaltyStore
import Synchronization

// Each SDK figure has a reference measured in the same run; report the ratio.
//
// - "Bus: 10,000 events to N subscribers" against "NotificationCenter: 10,000 posts to N
//   observers": the same payload value (the bus posts it, NotificationCenter carries it in
//   `userInfo`), delivered to every subscriber, which reads it back (the bus delivers on
//   each subscription's own task; the sample ends when all have been delivered).
//   Target: at least 5x NotificationCenter's events per second. "Bus: 10,000 events to 10
//   subscribers, handlers that may suspend" does the same work in `async` handlers, each
//   event then costing an asynchronous call; its reference is the same NotificationCenter
//   figure.
// - "track x100, durable" (`AnalyticsPipeline.track` into a SQLite event queue, one
//   transaction each, no upload) against GRDB inserting the same rows one transaction
//   each: per event an id, the same JSON payload (same keys, same encoder settings), and
//   `SQLiteEventQueue`'s own statement into `StoreSchema`'s `events` table, with WAL and
//   synchronous=FULL. Target: at least 0.8x.
// - "Upload 100,000 queued events" and "Upload 10,000 queued events": peak resident
//   memory of the pipeline draining its queue through an accepting uploader. The queue
//   is filled once, before sampling starts, and copied for each sample. Flat memory
//   means the two peaks, and their rise over the resident memory at the start, are close.

struct Payload: LoyaltyEvent {
  static let eventName = "bench_event"
  let index: Int
}

extension Notification.Name {
  static let benchEvent = Notification.Name("bench_event")
}

enum BenchmarkFailure: Error {
  case pending(Int)
  case wrongCount(expected: Int, found: Int)
}

let eventCount = 10_000

/// Counts deliveries and wakes a waiter when all have arrived.
final class Countdown: Sendable {
  private let remaining: Atomic<Int>
  private let done = Mutex<CheckedContinuation<Void, Never>?>(nil)

  init(_ count: Int) { remaining = Atomic(count) }

  func tick() {
    if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
      done.withLock {
        $0?.resume(); $0 = nil
      }
    }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let finished = done.withLock { stored -> Bool in
        if remaining.load(ordering: .acquiring) <= 0 { return true }
        stored = continuation
        return false
      }
      if finished { continuation.resume() }
    }
  }
}

func busBenchmark(subscribers: Int, suspending: Bool = false) -> (Benchmark) async throws -> Void {
  { benchmark in
    let bus = EventBus()
    let countdown = Countdown(eventCount * subscribers)
    let subscriptions = (0..<subscribers).map { _ in
      if suspending {
        // The same work, typed as a handler that may suspend.
        let handler: @Sendable (Payload) async -> Void = { event in
          blackHole(event.index)
          countdown.tick()
        }
        return bus.subscribe(Payload.self, handler: handler)
      }
      return bus.subscribe(Payload.self) { event in
        blackHole(event.index)
        countdown.tick()
      }
    }
    benchmark.startMeasurement()
    for index in 0..<eventCount {
      bus.post(Payload(index: index))
    }
    await countdown.wait()
    benchmark.stopMeasurement()
    subscriptions.forEach { $0.cancel() }
  }
}

func notificationCenterBenchmark(observers: Int) -> (Benchmark) async throws -> Void {
  { benchmark in
    let center = NotificationCenter()
    let countdown = Countdown(eventCount * observers)
    let tokens = (0..<observers).map { _ in
      center.addObserver(forName: .benchEvent, object: nil, queue: nil) { notification in
        blackHole((notification.userInfo?["event"] as? Payload)?.index)
        countdown.tick()
      }
    }
    benchmark.startMeasurement()
    for index in 0..<eventCount {
      center.post(name: .benchEvent, object: nil, userInfo: ["event": Payload(index: index)])
    }
    await countdown.wait()
    benchmark.stopMeasurement()
    tokens.forEach(center.removeObserver)
  }
}

func scratch() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "loyalty-events-bench-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

let configuration = LoyaltyConfiguration(
  appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.bench", preset: .testing)

let eventName = "custom_success_campaigns_loyalty"

// MARK: - Durable track, and its GRDB reference

/// The statement `SQLiteEventQueue.append` runs.
let insertSQL =
  "INSERT OR IGNORE INTO events (event_id, type, time, data, attempts) VALUES (?, ?, ?, ?, ?)"

/// The `events` table exactly as `StoreSchema` creates it.
let eventsTableSQL = """
  CREATE TABLE events (
    _id INTEGER PRIMARY KEY,
    event_id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    time REAL NOT NULL,
    data BLOB,
    priority INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0
  );
  """

/// The payload `AnalyticsEvent` encodes: the same keys, encoded with the same settings.
struct ReferencePayload: Encodable {
  let eventID: String
  let name: String
  let timestamp: String
  let parameters: [String: String]

  enum CodingKeys: String, CodingKey {
    case eventID = "event_id"
    case name, timestamp, parameters
  }
}

/// Opens a GRDB queue with our store's journal mode and durability, and creates the
/// `events` table.
func openReference(at url: URL) throws -> DatabaseQueue {
  var settings = GRDB.Configuration()
  settings.prepareDatabase { db in
    _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
    try db.execute(sql: "PRAGMA synchronous = FULL")
  }
  let queue = try DatabaseQueue(path: url.path, configuration: settings)
  try queue.write { db in try db.execute(sql: eventsTableSQL) }
  return queue
}

// MARK: - Upload memory

/// Accepts every batch, counting the events.
final class AcceptingUploader: AnalyticsUploader {
  let uploaded = Atomic<Int>(0)

  func upload(_ events: [QueuedEvent]) async -> AnalyticsUploadOutcome {
    uploaded.add(events.count, ordering: .relaxed)
    return .accepted(duplicates: 0)
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

/// A closed database file holding `count` queued events, built once per benchmark.
func makeQueueTemplate(events count: Int, in directory: URL) async throws -> URL {
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let url = directory.appendingPathComponent("template.db")
  let database = try StoreDatabase(location: .file(url), configuration: configuration)
  let queue = SQLiteEventQueue(database: database)
  let batch = 1_000
  for start in stride(from: 0, to: count, by: batch) {
    try await queue.append(
      (start..<min(start + batch, count)).map { index in
        QueuedEvent(
          id: String(format: "%012d", index), name: eventName, timestamp: Date(),
          payload: Data(
            #"{"event_id":"\#(index)","name":"\#(eventName)","parameters":{"count":"12"}}"#.utf8))
      })
  }
  let queued = try await queue.count()
  database.close()
  guard queued == count else { throw BenchmarkFailure.wrongCount(expected: count, found: queued) }
  trimFreeMemory()
  return url
}

func uploadBenchmark(
  _ name: String, events count: Int, configuration memory: Benchmark.Configuration
) {
  let templateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "loyalty-events-bench-template-\(UUID().uuidString)", isDirectory: true)
  Benchmark(
    name, configuration: memory,
    closure: { benchmark, template in
      let directory = try scratch()
      defer { try? FileManager.default.removeItem(at: directory) }
      let url = directory.appendingPathComponent("events.db")
      try FileManager.default.copyItem(at: template, to: url)
      let database = try StoreDatabase(location: .file(url), configuration: configuration)
      defer { database.close() }
      let queue = SQLiteEventQueue(database: database)
      let uploader = AcceptingUploader()
      let pipeline = AnalyticsPipeline(
        queue: queue, uploader: { uploader }, clock: SystemClock(),
        configuration: AnalyticsConfiguration(flushInterval: 0, queueCapacity: count))
      benchmark.startMeasurement()
      await pipeline.flush()
      benchmark.stopMeasurement()
      let pending = try await queue.count()
      guard pending == 0 else { throw BenchmarkFailure.pending(pending) }
      let uploaded = uploader.uploaded.load(ordering: .relaxed)
      guard uploaded == count else {
        throw BenchmarkFailure.wrongCount(expected: count, found: uploaded)
      }
    },
    setup: { try await makeQueueTemplate(events: count, in: templateDirectory) },
    teardown: { try? FileManager.default.removeItem(at: templateDirectory) })
}

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput], timeUnits: .microseconds, warmupIterations: 1,
    maxDuration: .seconds(3), maxIterations: 50)

  Benchmark("Bus: 10,000 events to 1 subscriber", closure: busBenchmark(subscribers: 1))
  Benchmark(
    "Bus: 10,000 events to 1 subscriber: NotificationCenter (reference)",
    closure: notificationCenterBenchmark(observers: 1))
  Benchmark("Bus: 10,000 events to 10 subscribers", closure: busBenchmark(subscribers: 10))
  Benchmark(
    "Bus: 10,000 events to 10 subscribers: NotificationCenter (reference)",
    closure: notificationCenterBenchmark(observers: 10))
  Benchmark(
    "Bus: 10,000 events to 10 subscribers, handlers that may suspend",
    closure: busBenchmark(subscribers: 10, suspending: true))

  let durable = Benchmark.Configuration(
    metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 1,
    maxDuration: .seconds(3), maxIterations: 20)

  Benchmark("Analytics: track x100, durable", configuration: durable) { benchmark in
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try StoreDatabase(
      location: .file(directory.appendingPathComponent("events.db")), configuration: configuration)
    defer { database.close() }
    let queue = SQLiteEventQueue(database: database)
    let pipeline = AnalyticsPipeline(
      queue: queue, uploader: { nil }, clock: SystemClock(),
      configuration: AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0))
    benchmark.startMeasurement()
    for index in 0..<100 {
      try await pipeline.track(eventName, parameters: ["i": String(index)])
    }
    benchmark.stopMeasurement()
    let queued = try await queue.count()
    guard queued == 100 else { throw BenchmarkFailure.wrongCount(expected: 100, found: queued) }
  }

  Benchmark("Analytics: track x100, durable: GRDB insert (reference)", configuration: durable) {
    benchmark in
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let queue = try openReference(at: directory.appendingPathComponent("reference.db"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let stamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    benchmark.startMeasurement()
    for index in 0..<100 {
      // The same work per event: an id, the JSON payload, one durable insert.
      let id = UUID().uuidString
      let now = Date()
      let payload = try encoder.encode(
        ReferencePayload(
          eventID: id, name: eventName, timestamp: stamp.format(now),
          parameters: ["i": String(index)]))
      try queue.write { db in
        try db.cachedStatement(sql: insertSQL).execute(arguments: [
          id, eventName, now.timeIntervalSinceReferenceDate, payload, 0,
        ])
      }
    }
    benchmark.stopMeasurement()
    let queued = try queue.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events") ?? 0
    }
    guard queued == 100 else { throw BenchmarkFailure.wrongCount(expected: 100, found: queued) }
  }

  let memory = Benchmark.Configuration(
    metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta],
    timeUnits: .milliseconds, units: [.peakMemoryResident: .kilo, .peakMemoryResidentDelta: .kilo],
    warmupIterations: 0, maxDuration: .seconds(20), maxIterations: 3)
  uploadBenchmark(
    "Analytics: upload 10,000 queued events", events: 10_000, configuration: memory)
  uploadBenchmark(
    "Analytics: upload 100,000 queued events", events: 100_000, configuration: memory)
}
