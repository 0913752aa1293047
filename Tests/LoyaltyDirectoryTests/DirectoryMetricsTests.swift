import Foundation
import LoyaltyCore
import LoyaltySandbox
import Testing

@testable import LoyaltyDirectory

@Suite("Directory sync metrics against the sandbox")
struct DirectoryMetricsTests {
  typealias Name = LoyaltyMetric.Name

  @Test("each sync is counted and timed once, with its outcome: updated, then notModified")
  func outcomes() async throws {
    let metrics = InMemoryMetricsRecorder()
    let harness = try await SandboxDirectoryHarness(metrics: metrics)
    let directory = try harness.client.directory
    #expect(try await directory.sync().isUpdated)
    #expect(metrics.counter(Name.directorySyncs, ["outcome": "updated"]) == 1)
    #expect(metrics.counter(Name.directorySyncs) == 1)
    #expect(try await directory.sync().isUpdated == false)
    #expect(metrics.counter(Name.directorySyncs, ["outcome": "notModified"]) == 1)
    #expect(metrics.counter(Name.directorySyncs) == 2)

    let samples = metrics.timerSamples(Name.directorySyncDuration)
    #expect(samples.count == 2)
    #expect(samples.allSatisfy { $0 >= 0 })
    #expect(metrics.timerSamples(Name.directorySyncDuration, ["outcome": "updated"]).count == 1)
    let counted = metrics.metrics(named: Name.directorySyncs)
    #expect(counted.allSatisfy { $0.kind == .counter && $0.dimensions.map(\.key) == ["outcome"] })
    #expect(metrics.metrics(named: Name.directorySyncDuration).allSatisfy { $0.kind == .timer })
    // The sync's own calls go through the network client, which counts them too.
    #expect(
      metrics.counter(Name.requests, ["endpoint": "directorySnapshot", "outcome": "success"]) == 1)
    #expect(metrics.counter(Name.requests, ["endpoint": "directoryManifest"]) == 2)
    await harness.stop()
  }

  @Test("a failed sync is counted with its error code")
  func failure() async throws {
    let metrics = InMemoryMetricsRecorder()
    let harness = try await SandboxDirectoryHarness(metrics: metrics)
    let directory = try harness.client.directory
    try await directory.sync()
    harness.backend.failNextDirectorySnapshot(with: .wrongHash)
    await expectCode(.directorySnapshotHashMismatch) { try await directory.sync() }

    #expect(
      metrics.counter(Name.directorySyncs, ["outcome": "directorySnapshotHashMismatch"]) == 1)
    #expect(metrics.counter(Name.directorySyncs) == 2)
    #expect(
      metrics.timerSamples(
        Name.directorySyncDuration, ["outcome": "directorySnapshotHashMismatch"]
      ).count == 1)
    await harness.stop()
  }

  @Test("callers joining a sync under way share its one count")
  func joinedSync() async throws {
    let metrics = InMemoryMetricsRecorder()
    let harness = try await SandboxDirectoryHarness(metrics: metrics)
    let directory = try harness.client.directory
    async let first = directory.sync()
    async let second = directory.sync()
    let outcomes = try await [first, second]
    // One sync when the second caller joined the first (both see it update); two when it
    // came after the first had ended (the second finds nothing new).
    #expect(metrics.counter(Name.directorySyncs) == Int64(Set(outcomes.map(\.isUpdated)).count))
    #expect(metrics.counter(Name.directorySyncs, ["outcome": "updated"]) == 1)
    await harness.stop()
  }

  @Test("a directory without a recorder syncs as before")
  func withoutRecorder() async throws {
    let harness = try await SandboxDirectoryHarness()
    #expect(try await harness.client.directory.sync().isUpdated)
    #expect(try harness.client.resolve(.metricsRecorder) is NoOpMetricsRecorder)
    await harness.stop()
  }
}
