import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@testable import LoyaltyDirectory

/// Each fault the sandbox can inject into a directory sync: a typed error, and the
/// previous snapshot still serving.
@Suite("Directory sync faults on the sandbox")
struct SandboxFaultTests {
  /// Syncs the published fixtures, publishes a second version, injects `inject`, and
  /// checks that the next sync fails with `code` and version 1 keeps serving.
  private func expectFault(
    _ code: LoyaltyError.Code, writer: (any DirectoryFileWriter)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ inject: (SandboxBackend) throws -> Void
  ) async throws {
    let harness = try await SandboxDirectoryHarness()
    let directory = try harness.client.directory
    #expect(try await directory.sync().isUpdated, sourceLocation: sourceLocation)
    let before = try await directory.search(DirectoryQuery("καφε"))
    try inject(harness.backend)
    await expectCode(code, sourceLocation: sourceLocation) { try await directory.sync() }
    #expect(await directory.snapshotInfo()?.version == 1, sourceLocation: sourceLocation)
    #expect(
      try await directory.search(DirectoryQuery("καφε")) == before,
      sourceLocation: sourceLocation)
    #expect(
      harness.folder.files().count == 1, "\(harness.folder.files())", sourceLocation: sourceLocation
    )
    await harness.stop()
  }

  private func publishSecond(_ backend: SandboxBackend) throws {
    backend.publishDirectorySnapshot(
      try DirectorySnapshotWriter.data(SandboxBackend.directoryFixtures(count: 60)),
      schemaVersion: 3)
  }

  @Test("end to end: sync, a Greek query without accents, nearest first, then not modified")
  func endToEnd() async throws {
    let harness = try await SandboxDirectoryHarness()
    let directory = try harness.client.directory
    let outcome = try await directory.sync()
    #expect(outcome.isUpdated)
    let here = DirectoryLocation(latitude: 37.9790, longitude: 23.7275)
    let results = try await directory.search(DirectoryQuery("καφε", near: here, limit: 3))
    #expect(results.first?.merchant.name == "Καφέ Λουμίδη")
    #expect(
      results.map { $0.distance ?? .infinity } == results.map { $0.distance ?? .infinity }.sorted())
    #expect(try await directory.sync() == .notModified(await directory.snapshotInfo()))
    #expect(harness.backend.counters.requests[.directorySnapshot] == 1)
    await harness.stop()
  }

  @Test("truncated download")
  func truncated() async throws {
    try await expectFault(.directorySnapshotTruncated) { backend in
      try publishSecond(backend)
      backend.failNext(with: .truncatedBody, on: .endpoint(.directorySnapshot))
    }
  }

  @Test("wrong hash")
  func wrongHash() async throws {
    try await expectFault(.directorySnapshotHashMismatch) { backend in
      backend.failNextDirectorySnapshot(with: .wrongHash)
    }
  }

  @Test("corrupt file")
  func corrupt() async throws {
    try await expectFault(.directorySnapshotCorrupt) { backend in
      backend.failNextDirectorySnapshot(with: .corruptFile)
    }
  }

  @Test("unknown schema in the manifest")
  func unknownSchema() async throws {
    try await expectFault(.directorySchemaUnsupported) { backend in
      backend.failNextDirectorySnapshot(with: .unknownSchema)
    }
  }

  @Test("unknown schema in the file only")
  func unknownSchemaInFile() async throws {
    try await expectFault(.directorySchemaUnsupported) { backend in
      backend.failNextDirectorySnapshot(with: .unknownSchemaInFile)
    }
  }

  @Test("connection dropped mid-download")
  func dropped() async throws {
    try await expectFault(.directoryDownloadFailed) { backend in
      try publishSecond(backend)
      backend.failNext(with: .dropConnection, on: .endpoint(.directorySnapshot))
    }
  }

  @Test("200 with HTML")
  func html() async throws {
    try await expectFault(.directorySnapshotInvalidBody) { backend in
      try publishSecond(backend)
      backend.failNext(with: .malformedBody, on: .endpoint(.directorySnapshot))
    }
  }

  @Test("disk full, through an injected file writer")
  func diskFull() async throws {
    let harness = try await SandboxDirectoryHarness(writer: FullDiskWriter(capacity: 1_000_000))
    let directory = try harness.client.directory
    try await directory.sync()
    await harness.stop()

    let full = try await SandboxDirectoryHarness(writer: FullDiskWriter(capacity: 4_096))
    let fullDirectory = try full.client.directory
    await expectCode(.directoryWriteFailed) { try await fullDirectory.sync() }
    #expect(await fullDirectory.snapshotInfo() == nil)
    #expect(full.folder.files().isEmpty, "\(full.folder.files())")
    await full.stop()
  }

  @Test("without a published snapshot, the manifest's 404 reads as a directory not offered")
  func nothingPublished() async throws {
    // A backend with nothing published answers as one without the directory: 404.
    let harness = try await SandboxDirectoryHarness(publish: false)
    await expectCode(.notOffered) { try await harness.client.directory.sync() }
    await expectCode(.directoryNotSynced) {
      _ = try await harness.client.directory.search(DirectoryQuery("καφε"))
    }
    await harness.stop()
  }
}
