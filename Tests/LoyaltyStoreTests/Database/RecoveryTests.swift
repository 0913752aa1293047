import Foundation
import LoyaltyCore
import LoyaltyStore
import Testing

@Suite("Corrupt database recovery")
struct RecoveryTests {
  @Test func aTruncatedFileIsMovedAsideAndReplaced() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    try await SQLiteEventQueue(database: database).append(
      (0..<2_000).map { StoreTestSupport.event($0, bytes: 300) })
    database.close()

    let file = directory.file("store.db")
    let size = try #require(
      FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
    ).uint64Value
    #expect(size > 100_000)
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: size / 2)
    try handle.close()

    try await expectRecovery(of: directory, originalSize: size / 2)
  }

  @Test func aGarbageFileIsMovedAsideAndReplaced() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let garbage = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 13) })
    try garbage.write(to: directory.file("store.db"))
    try Data("stale log".utf8).write(to: directory.file("store.db-wal"))

    let recovery = try await expectRecovery(of: directory, originalSize: 10_000)
    // SQLite may delete a log it cannot use when it closes the file; either way the
    // stale log must not sit beside the fresh database.
    let log = try? Data(contentsOf: directory.file("store.db-wal"))
    #expect(log != Data("stale log".utf8))
    #expect(recovery.sqliteCode == 26)  // SQLITE_NOTADB
    #expect(try Data(contentsOf: recovery.movedTo) == garbage)
  }

  /// An emptied file holds no database, but SQLite would take it for a new one and
  /// delete the `-wal` beside it: it is moved aside, log included, and reported.
  @Test func anEmptyFileIsMovedAsideAndReported() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Data().write(to: directory.file("store.db"))
    let log = Data("pages committed to the log".utf8)
    try log.write(to: directory.file("store.db-wal"))

    let recovery = try await expectRecovery(of: directory, originalSize: 0)
    #expect(recovery.sqliteCode == nil)
    #expect(recovery.reason.contains("empty (0 bytes)"))
    #expect(recovery.error.code == .databaseCorrupt)
    #expect(recovery.error.message.contains("empty (0 bytes)"))
    let movedLog = try #require(
      recovery.movedFiles.first { $0.lastPathComponent.hasSuffix("-wal") })
    #expect(movedLog.path == recovery.movedTo.path + "-wal")
    #expect(try Data(contentsOf: movedLog) == log)
  }

  /// The boundary: SQLite's Unix VFS reports a 1-byte file as empty, so one byte would
  /// also become a new database unnoticed; from 2 bytes SQLite itself rejects the file.
  @Test(arguments: [1, 2])
  func aGarbageFileOfOneOrTwoBytesIsMovedAsideAndReported(_ size: Int) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let garbage = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 13) })
    try garbage.write(to: directory.file("store.db"))

    let recovery = try await expectRecovery(of: directory, originalSize: UInt64(size))
    #expect(recovery.sqliteCode == (size == 1 ? nil : 26))  // SQLITE_NOTADB
    #expect(try Data(contentsOf: recovery.movedTo) == garbage)
  }

  @Test func aMissingFileIsCreatedWithoutAReport() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let logs = InMemoryLogHandler()
    let logger = LoyaltyLogger(label: "LoyaltyStore", level: .warning, handler: logs)
    let sink = InMemoryEventSink()
    let database = try StoreTestSupport.open(in: directory, logger: logger, eventSink: sink)
    defer { database.close() }

    #expect(database.recovery == nil)
    #expect(sink.events.isEmpty)
    #expect(!logs.records.contains { $0.message.contains("corrupt") })
    #expect(!directory.contents().contains { $0.contains(".corrupt-") })
    #expect(try await database.schemaVersion() == 3)
  }

  @Test func aSoundFileIsNotRecovered() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try StoreTestSupport.open(in: directory).close()
    let sink = InMemoryEventSink()
    let reopened = try StoreTestSupport.open(in: directory, eventSink: sink)
    defer { reopened.close() }
    #expect(reopened.recovery == nil)
    #expect(sink.events.isEmpty)
  }

  @discardableResult
  private func expectRecovery(
    of directory: TemporaryDirectory, originalSize: UInt64
  ) async throws -> DatabaseRecovery {
    let logs = InMemoryLogHandler()
    let logger = LoyaltyLogger(label: "LoyaltyStore", level: .warning, handler: logs)
    let sink = InMemoryEventSink()
    let database = try StoreTestSupport.open(in: directory, logger: logger, eventSink: sink)
    defer { database.close() }

    let recovery = try #require(database.recovery)
    #expect(recovery.fileURL.lastPathComponent == "store.db")
    #expect(recovery.movedTo.lastPathComponent.hasPrefix("store.db.corrupt-"))
    #expect(recovery.movedTo.lastPathComponent.hasSuffix("Z"))
    #expect(!recovery.reason.isEmpty)
    let movedSize = try #require(
      FileManager.default.attributesOfItem(atPath: recovery.movedTo.path)[.size] as? NSNumber)
    #expect(movedSize.uint64Value == originalSize)

    // A fresh, empty, usable database.
    #expect(try await database.checkIntegrity().isOK)
    #expect(try await database.schemaVersion() == 3)
    let queue = SQLiteEventQueue(database: database)
    #expect(try await queue.count() == 0)
    try await queue.append([StoreTestSupport.event(1)])
    #expect(try await queue.count() == 1)

    // Reported three ways.
    #expect(logs.records.contains { $0.level == .warning && $0.message.contains("corrupt") })
    let events = sink.events(of: DatabaseRecovered.self)
    #expect(events.map(\.recovery) == [recovery])
    #expect(events.first?.attributes["moved_to"] == recovery.movedTo.lastPathComponent)
    return recovery
  }
}
