import Foundation
import LoyaltyCore
import LoyaltyDirectory
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyURLSession
import Testing

extension EndpointTour {
  /// The merchant directory over HTTP, in a client of its own that lists
  /// `DirectoryModule`: every call of "Merchant directory" in `Docs/API.md` (the manifest
  /// with and without `If-None-Match`, the gzip snapshot).
  static func runDirectory(_ harness: EmulatorHarness) async throws {
    if harness.backend.publishedDirectoryVersion == nil {
      harness.backend.publishDirectorySnapshot(
        try DirectorySnapshotWriter.data(SandboxBackend.directoryFixtures(count: 40)),
        schemaVersion: DirectorySchema.currentVersion)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emulator-directory-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let client = try await LoyaltyClient.start(
      harness.client.configuration,
      modules: [
        NetworkModule(transport: .urlSession, middleware: [GzipBodyMiddleware()]),
        DirectoryModule(configuration: DirectoryConfiguration(folder: folder)),
      ])
    do {
      try await tourDirectory(try client.directory)
    } catch {
      await client.shutdown()
      throw error
    }
    await client.shutdown()
  }

  private static func tourDirectory(_ directory: DirectoryCenter) async throws {
    #expect(try await directory.sync().isUpdated)
    let here = DirectoryLocation(latitude: 37.9790, longitude: 23.7275)
    let results = try await directory.search(DirectoryQuery("καφε", near: here, limit: 3))
    #expect(results.first?.merchant.name == "Καφέ Λουμίδη")
    #expect(try await directory.sync().isUpdated == false)
  }
}
