import Foundation
import LoyaltyCore
import LoyaltyDirectory
import LoyaltySandbox
import Testing

/// The directory is not in seed 000: a manifest answered as a backend without it answers
/// is `notOffered`, and the snapshot on file is kept.
@Suite("Directory sync: a backend that does not offer it")
struct DirectoryNotOfferedTests {
  @Test(
    "a manifest answered 404, 501, with an empty success or another call's answer",
    arguments: [SandboxFault.status(404), .status(501), .emptySuccess, .otherCallAnswer])
  func notOffered(answer: SandboxFault) async throws {
    let harness = try await SandboxDirectoryHarness()
    let directory = try harness.client.directory
    try await directory.sync()
    let installed = await directory.snapshotInfo()
    #expect(installed != nil)
    harness.backend.failNext(with: answer, on: .endpoint(.directoryManifest))
    await expectCode(.notOffered) { try await directory.sync() }
    #expect(await directory.snapshotInfo() == installed, "the snapshot on file is kept")
    await harness.stop()
  }

  @Test("a manifest with some of its fields wrong is invalid, not \"not offered\"")
  func partialManifest() throws {
    #expect(throws: LoyaltyError.self) {
      try DirectoryManifest(json: ["directory": ["version": 3, "size": 10]])
    }
    do {
      _ = try DirectoryManifest(json: ["directory": ["version": 3, "size": 10]])
    } catch let error as LoyaltyError {
      #expect(error.code == .directoryManifestInvalid, "\(error)")
    }
    do {
      _ = try DirectoryManifest(json: ["result": ["shops": []]])
      Issue.record("a manifest without any of its fields was read")
    } catch let error as LoyaltyError {
      #expect(error.code == .notOffered, "\(error)")
    }
  }
}
