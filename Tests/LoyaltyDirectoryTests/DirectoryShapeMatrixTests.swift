import Foundation
import LoyaltyCore
import LoyaltySandbox
import Testing

@testable import LoyaltyDirectory

/// The directory's calls against a sandbox answering in each envelope and each list form,
/// compared with what they give from the sandbox's own answers (`context`, `keyed`). The
/// manifest is an object without a list and the snapshot a gzip body, so every form must
/// give the same.
@Suite("Directory: the manifest and snapshot, in every envelope and list form")
struct DirectoryShapeMatrixTests {
  /// The sandbox endpoints the matrix runs.
  static let endpoints: Set<SandboxEndpoint> = [.directoryManifest, .directorySnapshot]

  /// What a first sync, a search and a second sync gave.
  struct Synced: Equatable {
    /// The first sync's outcome, its install time left out.
    var first: DirectorySyncOutcome
    /// A search of the installed snapshot.
    var results: [DirectorySearchResult]
    /// The second sync's outcome (not modified), its install time left out.
    var second: DirectorySyncOutcome
  }

  /// `outcome` with its snapshot's install time set to a fixed date, to compare two syncs.
  static func timeless(_ outcome: DirectorySyncOutcome) -> DirectorySyncOutcome {
    func fixed(_ info: DirectorySnapshotInfo) -> DirectorySnapshotInfo {
      var info = info
      info.installedAt = Date(timeIntervalSince1970: 0)
      return info
    }
    switch outcome {
    case .updated(let info): return .updated(fixed(info))
    case .notModified(let info): return .notModified(info.map(fixed))
    }
  }

  /// Syncs, searches and syncs again against a sandbox answering in `envelope` and `form`.
  static func synced(_ envelope: SandboxEnvelope, _ form: SandboxListForm) async throws -> (
    Result<Synced, any Error>, SandboxBackend
  ) {
    let harness = try await SandboxDirectoryHarness(envelope: envelope, listForm: form)
    #expect(harness.backend.configuration.listForm == form)
    let directory = try harness.client.directory
    let result: Result<Synced, any Error>
    do {
      let first = try await directory.sync()
      let here = DirectoryLocation(latitude: 37.9790, longitude: 23.7275)
      let results = try await directory.search(DirectoryQuery("καφε", near: here, limit: 5))
      let second = try await directory.sync()
      result = .success(
        Synced(first: timeless(first), results: results, second: timeless(second)))
    } catch {
      result = .failure(error)
    }
    await harness.stop()
    return (result, harness.backend)
  }

  @Test(
    "a sync, a search and a sync again: the same from every envelope and list form",
    arguments: SandboxEnvelope.allCases, SandboxListForm.allCases)
  func matrix(envelope: SandboxEnvelope, form: SandboxListForm) async throws {
    let (reference, _) = try await Self.synced(.context, .keyed)
    let (variant, backend) = try await Self.synced(envelope, form)
    let expected = try reference.get()
    #expect(expected.first.isUpdated)
    #expect(!expected.results.isEmpty)
    switch variant {
    case .success(let synced):
      #expect(synced == expected, "\(envelope), \(form)")
    case .failure(let error):
      Issue.record("\(envelope), \(form) fails: \(error)")
    }
    for endpoint in Self.endpoints {
      #expect(backend.counters.requests(to: endpoint) > 0, "\(endpoint)")
    }
  }
}
