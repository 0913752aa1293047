import Foundation
import LoyaltyCore
import LoyaltyDirectory
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyURLSession

extension DemoTour {
  /// Step 13: sync the merchant directory, search it offline with a Greek query typed
  /// without accents, show the nearest results, then sync again: not modified. The
  /// directory lives in its own client, as a host that lists `DirectoryModule` would
  /// have it.
  func runDirectory(_ report: inout DemoReport) async throws {
    report.section("13. Merchant directory")
    var overrides = CapabilityOverrides()
    if let backend {
      if backend.publishedDirectoryVersion == nil {
        backend.publishDirectorySnapshot(
          try DirectorySnapshotWriter.data(SandboxBackend.directoryFixtures(count: 40)),
          schemaVersion: DirectorySchema.currentVersion)
      }
      overrides.override(.httpTransport, with: SandboxTransport(backend))
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "loyalty-demo-directory-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let directoryClient = try await LoyaltyClient.start(
      client.configuration,
      modules: [
        NetworkModule(transport: backend == nil ? .urlSession : nil),
        DirectoryModule(configuration: DirectoryConfiguration(folder: folder)),
      ],
      overrides: overrides)
    do {
      try await tourDirectory(try directoryClient.directory, &report)
    } catch {
      await directoryClient.shutdown()
      throw error
    }
    await directoryClient.shutdown()
  }

  private func tourDirectory(_ directory: DirectoryCenter, _ report: inout DemoReport)
    async throws
  {
    let first = try await report.step("sync the directory") { try await directory.sync() }
    if case .updated(let info) = first {
      report.line(
        "snapshot \(info.version): \(info.merchantCount) merchants, schema \(info.schemaVersion), "
          + "full-text search: \(info.fullTextSearch ? "FTS5" : "substring scan")")
    }
    let here = DirectoryLocation(latitude: 37.9761, longitude: 23.7255)
    let results = try await report.step("search \"καφε\" near Monastiraki") {
      try await directory.search(DirectoryQuery("καφε", near: here, limit: 3))
    }
    for result in results {
      report.line("\(result.merchant.name): \(Int(result.distance ?? 0)) m")
    }
    let again = try await report.step("sync again") { try await directory.sync() }
    report.line(again.isUpdated ? "a newer snapshot was installed" : "not modified")
  }
}
