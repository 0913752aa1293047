import Dispatch
import Foundation
import LoyaltyCore
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

@testable import LoyaltyDirectory

@Suite(
  "Directory: SQLite and file work on the directory's own thread",
  .timeLimit(.minutes(TestTime.minutes(1))))
struct DirectoryThreadTests {
  @Test("a search and a sync wait for the directory's thread: none runs on the calling task")
  func workWaitsForTheThread() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(SandboxBackend.directoryFixtures(count: 10), version: 1)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    defer { center.shutdown() }
    try await center.sync()

    // Occupy the thread; a search and a new sync must then wait for it.
    let gate = DispatchSemaphore(value: 0)
    let entered = DispatchSemaphore(value: 0)
    let blocker = Task {
      try await center.executor.run {
        entered.signal()
        gate.wait()
      }
    }
    await Task.detached { entered.wait() }.value
    try source.publish(SandboxBackend.directoryFixtures(count: 12), version: 2)
    let search = Task { try await center.search(DirectoryQuery()) }
    let sync = Task { try await center.sync() }
    while center.executor.pendingCount < 2 { await Task.yield() }
    #expect(center.executor.pendingCount == 2)
    #expect(await center.snapshotInfo()?.version == 1)

    gate.signal()
    try await blocker.value
    #expect(try await !search.value.isEmpty)
    #expect(try await sync.value.isUpdated)
    #expect(await center.snapshotInfo()?.version == 2)
  }

  @Test("after shutdown a search fails with a typed error")
  func searchAfterShutdown() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let source = TestSnapshotSource()
    try source.publish(SandboxBackend.directoryFixtures(count: 5), version: 1)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    try await center.sync()
    center.shutdown()
    await expectCode(.clientShutDown) { _ = try await center.search(DirectoryQuery("καφε")) }
  }
}
