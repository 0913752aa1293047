import Benchmark
import Foundation
import GRDB
import LoyaltyCore
import LoyaltySecurity
import LoyaltyStore

// Each SDK figure has a reference measured in the same run; report the ratio. The
// names put each pair side by side, so they run one right after the other.
//
// - "Events: append 100,000 in batches of 100": `SQLiteEventQueue.append` on a file
//   database (WAL, synchronous=FULL, as `StoreDatabase` sets them) against GRDB
//   inserting the same rows, with the same SQL, into the same `events` table with the
//   same pragmas, one transaction per batch. Target: ours at least 0.9x GRDB's
//   throughput.
// - "Events: append x100, one per transaction": a commit (and an fsync) per event.
//   Target: ours at least 0.8x GRDB's throughput.
// - "Tokens: read x1000": `SQLiteTokenStore` served from its cache against the same
//   read with cache duration 0, which reads the row and opens its four sealed columns;
//   the clear-text read shows the share of the decryption.
//
// Every sample starts from an empty database in a fresh temporary directory, which
// is removed afterwards; only the appends or inserts are measured.

/// Why a benchmark stopped: its result would not have measured what it claims to.
enum BenchmarkFailure: Error {
  case wrongRowCount(expected: Int, found: Int)
  case notInWALMode(String?)
  case notFullySynchronous(Int?)
  case tokensMismatch
}

let eventCount = 100_000
let batchSize = 100
let durableAppendCount = 100
let tokenReadCount = 1_000

/// The rows both sides write: time-ordered ids, a JSON payload of about 220 bytes.
let events: [QueuedEvent] = (0..<eventCount).map { index in
  let id = String(1_700_000_000_000 + index) + "-" + String(index % 997, radix: 16)
  let payload = """
    {"event":"screen_view","screen":"offers","index":\(index),"session":"b7d4c1e2-6f0a-4c55-\
    9d6e-2f3a8c1b0e47","properties":{"category":"rewards","position":\(index % 40),\
    "campaign":"spring-2025"},"device":{"os":"linux","model":"benchmark"}}
    """
  return QueuedEvent(
    id: id, name: "screen_view",
    timestamp: Date(timeIntervalSinceReferenceDate: 760_000_000 + Double(index) / 10),
    payload: Data(payload.utf8))
}

let batches: [[QueuedEvent]] = stride(from: 0, to: eventCount, by: batchSize).map { start in
  Array(events[start..<min(start + batchSize, eventCount)])
}

/// The same statement `SQLiteEventQueue.append` runs.
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

let tokens = TokenPair(
  accessToken: "eyJhbGciOiJSUzI256IsInR5cCI6IkpXVCJ9."
    + String(repeating: "eyJzdWIiOiJtZW1iZXItMTIzNDUiLCJzY29wZSI6InJld2FyZHMifQ", count: 12)
    + ".c2lnbmF0dXJl",
  refreshToken: "r1-" + String(repeating: "8f3a2c1d", count: 8),
  clientID: "client-0123456789", clientSecret: "secret-" + String(repeating: "ab", count: 24))

func configuration(_ preset: LoyaltyConfiguration.Preset) -> LoyaltyConfiguration {
  LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.bench", preset: preset)
}

/// A fresh, empty directory under the system's temporary directory.
func makeScratchDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "loyalty-benchmarks-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

func removeScratchDirectory(_ directory: URL) {
  try? FileManager.default.removeItem(at: directory)
}

// MARK: - GRDB reference

/// Opens a GRDB queue on `url` with our store's journal mode and durability, and
/// creates the `events` table.
func openReference(at url: URL) throws -> DatabaseQueue {
  var settings = GRDB.Configuration()
  settings.prepareDatabase { db in
    let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
    guard mode == "wal" else { throw BenchmarkFailure.notInWALMode(mode) }
    try db.execute(sql: "PRAGMA synchronous = FULL")
    // 2 is FULL.
    let synchronous = try Int.fetchOne(db, sql: "PRAGMA synchronous")
    guard synchronous == 2 else { throw BenchmarkFailure.notFullySynchronous(synchronous) }
  }
  let queue = try DatabaseQueue(path: url.path, configuration: settings)
  try queue.write { db in try db.execute(sql: eventsTableSQL) }
  return queue
}

/// Inserts `batch` in one transaction, with a cached statement.
func insertReference(_ batch: [QueuedEvent], into queue: DatabaseQueue) throws {
  try queue.write { db in
    let statement = try db.cachedStatement(sql: insertSQL)
    for event in batch {
      try statement.execute(arguments: [
        event.id, event.name, event.timestamp.timeIntervalSinceReferenceDate, event.payload,
        event.attempts,
      ])
    }
  }
}

func referenceCount(_ queue: DatabaseQueue) throws -> Int {
  try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events") ?? 0 }
}

// MARK: - Token fixture

/// A file database holding one token pair, and a token store on it.
struct TokenFixture: Sendable {
  let database: StoreDatabase
  let store: SQLiteTokenStore

  /// - Parameters:
  ///   - directory: Where the database file goes.
  ///   - preset: `.production` seals the tokens at rest, `.testing` keeps them clear.
  ///   - cacheDuration: The token store's cache duration; 0 reads the row every time.
  init(
    directory: URL, preset: LoyaltyConfiguration.Preset, cacheDuration: TimeInterval? = nil
  ) async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    database = try StoreDatabase(
      location: .file(directory.appendingPathComponent("store.db")),
      configuration: configuration(preset))
    let cipher = AESGCMFieldCipher(keyStore: InMemoryKeyStore())
    store = SQLiteTokenStore(database: database, cipher: cipher, cacheDuration: cacheDuration)
    try await store.store(tokens)
    guard try await store.tokens() == tokens else { throw BenchmarkFailure.tokensMismatch }
  }
}

func scratchURL(_ name: String) -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent(
    "loyalty-benchmarks-\(name)-\(UUID().uuidString)", isDirectory: true)
}

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
  // Microseconds keep three significant figures for the millisecond-long samples.
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds,
    maxDuration: .seconds(3), maxIterations: 1_000)

  /// A sample writes 100,000 rows: a handful of samples is enough.
  let bulk = Benchmark.Configuration(
    warmupIterations: 1, maxDuration: .seconds(6), maxIterations: 5)
  let durable = Benchmark.Configuration(
    warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 20)

  Benchmark("Events: append 100,000 in batches of 100: SQLiteEventQueue", configuration: bulk) {
    benchmark in
    let directory = try makeScratchDirectory()
    defer { removeScratchDirectory(directory) }
    let database = try StoreDatabase(
      location: .file(directory.appendingPathComponent("store.db")),
      configuration: configuration(.testing))
    defer { database.close() }
    let queue = SQLiteEventQueue(database: database)

    benchmark.startMeasurement()
    for batch in batches {
      try await queue.append(batch)
    }
    benchmark.stopMeasurement()

    let count = try await queue.count()
    guard count == eventCount else {
      throw BenchmarkFailure.wrongRowCount(expected: eventCount, found: count)
    }
  }

  Benchmark("Events: append 100,000 in batches of 100: GRDB (reference)", configuration: bulk) {
    benchmark in
    let directory = try makeScratchDirectory()
    defer { removeScratchDirectory(directory) }
    let queue = try openReference(at: directory.appendingPathComponent("reference.db"))

    benchmark.startMeasurement()
    for batch in batches {
      try insertReference(batch, into: queue)
    }
    benchmark.stopMeasurement()

    let count = try referenceCount(queue)
    guard count == eventCount else {
      throw BenchmarkFailure.wrongRowCount(expected: eventCount, found: count)
    }
  }

  Benchmark(
    "Events: append x\(durableAppendCount), one per transaction: SQLiteEventQueue",
    configuration: durable
  ) { benchmark in
    let directory = try makeScratchDirectory()
    defer { removeScratchDirectory(directory) }
    let database = try StoreDatabase(
      location: .file(directory.appendingPathComponent("store.db")),
      configuration: configuration(.testing))
    defer { database.close() }
    let queue = SQLiteEventQueue(database: database)

    benchmark.startMeasurement()
    for event in events.prefix(durableAppendCount) {
      try await queue.append([event])
    }
    benchmark.stopMeasurement()

    let count = try await queue.count()
    guard count == durableAppendCount else {
      throw BenchmarkFailure.wrongRowCount(expected: durableAppendCount, found: count)
    }
  }

  Benchmark(
    "Events: append x\(durableAppendCount), one per transaction: GRDB (reference)",
    configuration: durable
  ) { benchmark in
    let directory = try makeScratchDirectory()
    defer { removeScratchDirectory(directory) }
    let queue = try openReference(at: directory.appendingPathComponent("reference.db"))

    benchmark.startMeasurement()
    for event in events.prefix(durableAppendCount) {
      try insertReference([event], into: queue)
    }
    benchmark.stopMeasurement()

    let count = try referenceCount(queue)
    guard count == durableAppendCount else {
      throw BenchmarkFailure.wrongRowCount(expected: durableAppendCount, found: count)
    }
  }

  let cachedDirectory = scratchURL("tokens-cached")
  Benchmark(
    "Tokens: read x\(tokenReadCount): SQLiteTokenStore, cached",
    closure: { benchmark, fixture in
      for _ in 0..<tokenReadCount {
        blackHole(try await fixture.store.tokens())
      }
    },
    setup: { try await TokenFixture(directory: cachedDirectory, preset: .production) },
    teardown: { removeScratchDirectory(cachedDirectory) })

  let encryptedDirectory = scratchURL("tokens-encrypted")
  Benchmark(
    "Tokens: read x\(tokenReadCount): SQLiteTokenStore, from the database, encrypted",
    closure: { benchmark, fixture in
      for _ in 0..<tokenReadCount {
        blackHole(try await fixture.store.tokens())
      }
    },
    setup: {
      try await TokenFixture(directory: encryptedDirectory, preset: .production, cacheDuration: 0)
    },
    teardown: { removeScratchDirectory(encryptedDirectory) })

  let clearDirectory = scratchURL("tokens-clear")
  Benchmark(
    "Tokens: read x\(tokenReadCount): SQLiteTokenStore, from the database, clear text",
    closure: { benchmark, fixture in
      for _ in 0..<tokenReadCount {
        blackHole(try await fixture.store.tokens())
      }
    },
    setup: {
      try await TokenFixture(directory: clearDirectory, preset: .testing, cacheDuration: 0)
    },
    teardown: { removeScratchDirectory(clearDirectory) })
}
