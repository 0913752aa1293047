import Benchmark
import Crypto
import Foundation
import GRDB
import LoyaltyCore
import LoyaltyDirectory
import LoyaltyNetwork

// The merchant directory, each figure beside a reference measured in the same run.
//
// - "Search 100,000: FTS5 ..." against "Search 100,000: LIKE '%q%' (reference)": the same
//   installed snapshot, the same word typed without accents; ours through
//   `DirectoryCenter.search` (FTS5 prefix match, bm25, providers attached), the reference
//   a bare `SELECT ... FROM dir_merchant WHERE search_text LIKE ? LIMIT 50` through GRDB
//   on the same file. Target: FTS5 p50 at most 1 ms; the ratio is reported.
// - "Sync 100,000 merchants" against "Sync 10,000 merchants": a whole sync from a local
//   source (manifest, gzip streamed to disk, SHA-256, integrity check, index, swap).
//   Target: the 100,000 peak resident memory flat against the 10,000 one beyond the
//   compressed body the source hands over.
// - "Swap under 8 readers": 8 tasks search in a loop while 5 new snapshots are swapped
//   in; a failed or empty read fails the benchmark.

enum BenchmarkFailure: Error {
  case failedReads(Int)
  case wrongCount(Int)
}

/// Greek syllables for names that are not all alike.
let syllables = [
  "κα", "φέ", "λου", "μί", "δη", "θη", "νά", "πέ", "ρα", "σο", "τί", "βυ", "γα", "ζώ", "ξε", "χο",
  "ψά", "ω", "ελ", "άν",
]

/// A pronounceable word for `index`: three syllables, 8,000 combinations.
func word(_ index: Int) -> String {
  syllables[index % 20] + syllables[(index / 20) % 20] + syllables[(index / 400) % 20]
}

let categories = ["Καφέ", "Αρτοποιείο", "Σούπερ μάρκετ", "Εστιατόριο", "Φαρμακείο", "Βιβλία"]

func merchants(_ count: Int) -> [DirectoryMerchant] {
  (0..<count).map { index in
    DirectoryMerchant(
      id: index + 1, name: "\(word(index * 7_919)) \(word(index))",
      category: categories[index % categories.count],
      address: "Οδός \(word(index / 3)) \(index % 200)",
      tags: [word(index / 11)],
      location: DirectoryLocation(
        latitude: 37.9 + Double(index % 1_000) / 5_000,
        longitude: 23.7 + Double(index / 1_000) / 5_000),
      denominationsType: "fixed", enabled: index % 9 != 0,
      paymentTypes: index % 2 == 0 ? [.dash, .giftCard] : [.dash],
      providers: index % 2 == 0 ? [.ctx] : [])
  }
}

/// A source serving one snapshot from memory, as a transport hands a body over.
struct LocalSource: DirectorySnapshotSource {
  let manifest: DirectoryManifest
  let gzip: Data

  init(_ merchants: [DirectoryMerchant], version: Int) throws {
    let sqlite = try DirectorySnapshotWriter.data(merchants)
    let digest = SHA256.hash(data: sqlite).map { String(format: "%02x", $0) }.joined()
    manifest = DirectoryManifest(
      version: version, size: sqlite.count, sha256: digest, schemaVersion: 3)
    gzip = try Gzip.compress(sqlite)
  }

  func manifest(ifNoneMatch etag: String?) async throws -> DirectoryManifestAnswer {
    .manifest(manifest, etag: "\"\(manifest.version)\"")
  }

  func snapshot(for manifest: DirectoryManifest) async throws -> DirectorySnapshotBody {
    DirectorySnapshotBody(body: gzip)
  }
}

/// A source whose snapshot changes version on each `advance()`.
// `current` is only read and written holding `index`.
final class RollingSource: DirectorySnapshotSource, @unchecked Sendable {
  private let snapshots: [LocalSource]
  private let index = NSLock()
  private var current = 0

  init(_ snapshots: [LocalSource]) { self.snapshots = snapshots }

  func advance() {
    index.lock()
    current = min(current + 1, snapshots.count - 1)
    index.unlock()
  }

  private var now: LocalSource {
    index.lock()
    defer { index.unlock() }
    return snapshots[current]
  }

  func manifest(ifNoneMatch etag: String?) async throws -> DirectoryManifestAnswer {
    try await now.manifest(ifNoneMatch: etag)
  }

  func snapshot(for manifest: DirectoryManifest) async throws -> DirectorySnapshotBody {
    try await now.snapshot(for: manifest)
  }
}

func scratch(_ name: String) -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent(
    "loyalty-benchmarks-\(name)-\(UUID().uuidString)", isDirectory: true)
}

/// The 100,000-merchant directory the searches run on, installed once.
final class SearchFixture: @unchecked Sendable {
  // Written once in `make()`, before any benchmark reads it.
  let folder: URL
  let center: DirectoryCenter
  let queue: DatabaseQueue

  init() async throws {
    folder = scratch("directory-search")
    center = try DirectoryCenter(
      source: try LocalSource(merchants(100_000), version: 1), folder: folder)
    try await center.sync()
    let file =
      try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .first { $0.hasPrefix("snapshot-") } ?? ""
    var configuration = Configuration()
    configuration.readonly = true
    queue = try DatabaseQueue(
      path: folder.appendingPathComponent(file).path, configuration: configuration)
  }
}

/// The query: a word of the fixture typed without accents, shortened to a prefix.
let query = "λουμιθη"

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput], timeUnits: .microseconds, maxDuration: .seconds(3),
    maxIterations: 5_000)
  let once = Benchmark.Configuration(
    metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 0,
    maxDuration: .seconds(30), maxIterations: 3)

  nonisolated(unsafe) var fixture: SearchFixture?

  Benchmark(
    "Search 100,000: FTS5, a Greek word without accents",
    configuration: .init(
      setup: { if fixture == nil { fixture = try await SearchFixture() } })
  ) { benchmark in
    guard let center = fixture?.center else { return }
    for _ in benchmark.scaledIterations {
      blackHole(try await center.search(DirectoryQuery(query)))
    }
  }

  Benchmark(
    "Search 100,000: LIKE '%q%' (reference)",
    configuration: .init(
      setup: { if fixture == nil { fixture = try await SearchFixture() } })
  ) { benchmark in
    guard let queue = fixture?.queue else { return }
    let pattern = "%" + DirectoryTextFolding.fold(query) + "%"
    for _ in benchmark.scaledIterations {
      let rows = try queue.read { database in
        try Row.fetchAll(
          database,
          sql:
            "SELECT id, name, category, address FROM dir_merchant WHERE search_text LIKE ? LIMIT 50",
          arguments: [pattern])
      }
      blackHole(rows)
    }
  }

  Benchmark(
    "Search 100,000: FTS5, a category word (one merchant in six), nearest first",
    configuration: .init(
      setup: { if fixture == nil { fixture = try await SearchFixture() } })
  ) { benchmark in
    guard let center = fixture?.center else { return }
    let here = DirectoryLocation(latitude: 37.95, longitude: 23.75)
    for _ in benchmark.scaledIterations {
      blackHole(try await center.search(DirectoryQuery("καφε", near: here)))
    }
  }

  for count in [10_000, 100_000] {
    nonisolated(unsafe) var source: LocalSource?
    Benchmark(
      "Sync \(count) merchants",
      configuration: .init(
        metrics: once.metrics, timeUnits: once.timeUnits, warmupIterations: 0,
        maxDuration: once.maxDuration, maxIterations: once.maxIterations,
        setup: { source = try LocalSource(merchants(count), version: 1) },
        teardown: { source = nil })
    ) { benchmark in
      guard let source else { return }
      let folder = scratch("directory-sync")
      defer { try? FileManager.default.removeItem(at: folder) }
      let center = try DirectoryCenter(source: source, folder: folder)
      benchmark.startMeasurement()
      try await center.sync()
      benchmark.stopMeasurement()
      let installed = await center.snapshotInfo()?.merchantCount ?? 0
      center.shutdown()
      guard installed == count else { throw BenchmarkFailure.wrongCount(installed) }
    }
  }

  nonisolated(unsafe) var rolling: [LocalSource] = []
  Benchmark(
    "Swap under 8 readers: 5 swaps, 10,000 merchants",
    configuration: .init(
      metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 0,
      maxDuration: .seconds(20), maxIterations: 3,
      setup: { rolling = try (1...6).map { try LocalSource(merchants(10_000), version: $0) } })
  ) { benchmark in
    let folder = scratch("directory-swap")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = RollingSource(rolling)
    let center = try DirectoryCenter(source: source, folder: folder)
    try await center.sync()
    let failures = ManagedAtomicCounter()
    let done = ManagedAtomicCounter()
    benchmark.startMeasurement()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          while done.value == 0 {
            do {
              if try await center.search(DirectoryQuery("καφε", limit: 5)).isEmpty {
                failures.increment()
              }
            } catch {
              failures.increment()
            }
            // Two cooperative threads here: without a yield, 8 readers starve the swap.
            await Task.yield()
          }
        }
      }
      group.addTask {
        defer { done.increment() }
        for _ in 0..<5 {
          source.advance()
          try await center.sync()
        }
      }
      try await group.waitForAll()
    }
    benchmark.stopMeasurement()
    center.shutdown()
    if failures.value > 0 { throw BenchmarkFailure.failedReads(failures.value) }
  }
}

/// A counter shared by the reader tasks.
final class ManagedAtomicCounter: @unchecked Sendable {
  // Every access holds the lock.
  private let lock = NSLock()
  private var count = 0

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }
}
