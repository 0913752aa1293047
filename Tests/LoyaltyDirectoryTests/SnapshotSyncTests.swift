import Foundation
import LoyaltyCore
import LoyaltySandbox
import Testing

@testable import LoyaltyDirectory

@Suite("Directory snapshot sync")
struct SnapshotSyncTests {
  @Test("a second sync sends If-None-Match and costs no download (304)")
  func notModified() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(SandboxBackend.directoryFixtures(count: 10), version: 1)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    #expect(try await center.sync().isUpdated)
    let again = try await center.sync()
    #expect(again == .notModified(await center.snapshotInfo()))
    #expect(source.snapshotRequests == 1)
    #expect(source.manifestRequests == 2)
  }

  @Test("progress reports every phase with the bytes written, and the streams end at shutdown")
  func progress() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(SandboxBackend.directoryFixtures(count: 10), version: 1)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    let stream = center.progressUpdates()
    try await center.sync()
    try await center.sync()
    center.shutdown()
    var phases: [DirectorySyncProgress.Phase] = []
    var last: DirectorySyncProgress?
    for await report in stream {
      if phases.last != report.phase { phases.append(report.phase) }
      if report.phase == .installed { last = report }
    }
    #expect(
      phases == [
        .checking, .downloading, .verifying, .indexing, .installed, .checking, .notModified,
      ])
    #expect(last?.fraction == 1)
    #expect((last?.bytesWritten ?? 0) > 0)
  }

  @Test("a restarted directory serves the installed snapshot offline and keeps its ETag")
  func restart() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(SandboxBackend.directoryFixtures(count: 10), version: 1)
    let first = try DirectoryCenter(source: source, folder: folder.url)
    try await first.sync()
    first.shutdown()

    let offline = TestSnapshotSource()
    let second = try DirectoryCenter(source: offline, folder: folder.url)
    #expect(await second.snapshotInfo()?.version == 1)
    #expect(try await second.search(DirectoryQuery("καφε")).isEmpty == false)
    await expectCode(.directoryDownloadFailed) { try await second.sync() }
    #expect(try await second.search(DirectoryQuery("καφε")).isEmpty == false)

    let third = try DirectoryCenter(source: source, folder: folder.url)
    #expect(try await third.sync() == .notModified(await third.snapshotInfo()))
    #expect(source.snapshotRequests == 1)
  }

  @Test("a new version replaces the old file; the old one is deleted when unused")
  func swapDeletesOld() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(SandboxBackend.directoryFixtures(count: 10), version: 1)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    try await center.sync()
    try source.publish(SandboxBackend.directoryFixtures(count: 20), version: 2)
    try await center.sync()
    #expect(await center.snapshotInfo()?.merchantCount == 20)
    #expect(folder.files().count == 1)
    #expect(folder.files().first?.hasPrefix("snapshot-v2-") == true)
  }

  @Test("swaps under 8 concurrent readers searching in a loop: zero failed reads")
  func swapUnderReaders() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(SandboxBackend.directoryFixtures(count: 40), version: 1)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    try await center.sync()
    let done = Locked(false)
    let failures = Locked(0)
    let reads = Locked(0)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          while !done.withLock({ $0 }) {
            do {
              let found = try await center.search(DirectoryQuery("καφε"))
              if found.isEmpty { failures.withLock { $0 += 1 } }
              reads.withLock { $0 += 1 }
            } catch {
              failures.withLock { $0 += 1 }
            }
            await Task.yield()
          }
        }
      }
      group.addTask {
        defer { done.withLock { $0 = true } }
        for version in 2...8 {
          try source.publish(
            SandboxBackend.directoryFixtures(count: 40 + version), version: version)
          try await center.sync()
        }
      }
      try await group.waitForAll()
    }
    #expect(failures.withLock { $0 } == 0)
    #expect(reads.withLock { $0 } > 0)
    #expect(await center.snapshotInfo()?.version == 8)
    #expect(folder.files().count == 1, "\(folder.files())")
  }

  @Test("the handle of a swapped-out snapshot lives until its last reader ends")
  func handleOutlivesSwap() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let file = folder.url.appendingPathComponent("snapshot-v1-a.sqlite")
    try DirectorySnapshotWriter.write([DirectoryMerchant(id: 1, name: "A")], to: file)
    let info = DirectorySnapshotInfo(
      version: 1, schemaVersion: 3, merchantCount: 1, installedAt: Date())
    let pool = DirectorySnapshotPool()
    let old = DirectorySnapshotHandle(url: file, info: info)
    pool.install(old)
    try pool.withReader { (connection, seen) throws -> Void in
      #expect(seen.version == 1)
      pool.install(
        DirectorySnapshotHandle(
          url: folder.url.appendingPathComponent("snapshot-v2-b.sqlite"),
          info: DirectorySnapshotInfo(
            version: 2, schemaVersion: 3, merchantCount: 0, installedAt: Date())))
      #expect(!old.isRemoved, "a reader is still on it")
      let count = try connection.scalarInt("SELECT count(*) FROM merchant")
      #expect(count == 1)
    }
    #expect(old.isRemoved)
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(pool.info?.version == 2)
  }

  @Test("a scheduled sync runs on the clock and stops at shutdown")
  func schedule() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(SandboxBackend.directoryFixtures(count: 5), version: 1)
    let clock = ManualClock()
    let center = try DirectoryCenter(source: source, folder: folder.url, clock: clock)
    let stream = center.progressUpdates()
    center.startSchedule(every: 60)
    var iterator = stream.makeAsyncIterator()
    while clock.sleeperCount == 0 { await Task.yield() }
    clock.advance(by: 60)
    while let report = await iterator.next(), report.phase != .installed {}
    #expect(await center.snapshotInfo()?.version == 1)
    center.shutdown()
    #expect(await iterator.next() == nil)
  }
}

@Suite("Directory snapshot bodies a transport already decoded")
struct DecodedBodyTests {
  @Test("the SQLite file itself is accepted; cut short, it is a truncated download")
  func decodedBody() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let sqlite = try DirectorySnapshotWriter.data(SandboxBackend.directoryFixtures(count: 10))
    let source = TestSnapshotSource()
    source.publish(sqlite: sqlite, version: 1, schemaVersion: 3, body: sqlite)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    #expect(try await center.sync().isUpdated)
    source.publish(
      sqlite: sqlite, version: 2, schemaVersion: 3, body: sqlite.prefix(sqlite.count - 100))
    await expectCode(.directorySnapshotTruncated) { try await center.sync() }
    #expect(await center.snapshotInfo()?.version == 1)
  }
}
