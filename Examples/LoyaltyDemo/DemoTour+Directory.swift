import Foundation
import LoyaltyCore
import LoyaltyDirectory

extension DemoTour {
  /// Step 14: sync the merchant directory, search it offline with a Greek query typed
  /// without accents, show the nearest results, then sync again: not modified.
  func runDirectory(_ report: inout DemoReport) async throws {
    report.section("14. Merchant directory")
    try await tourDirectory(try client.directory, &report)
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
