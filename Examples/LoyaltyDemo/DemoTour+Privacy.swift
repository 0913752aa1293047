import Foundation
import LoyaltyCore
import LoyaltyEvents

extension DemoTour {
  /// Step 15: the user withdraws consent to analytics (what was queued is deleted at
  /// once, and counted), then asks for everything to be erased (each file listed). The
  /// client is shut down afterwards: a new start is a new device.
  func runPrivacy(_ report: inout DemoReport) async throws {
    report.section("15. Privacy: consent withdrawn, then everything erased")
    let analytics = try client.analytics
    for screen in ["home", "coupons", "wallet"] {
      _ = try await analytics.track("screen_viewed", parameters: ["screen": screen])
    }
    let queued = await analytics.currentStatistics().pending
    report.line("\(queued) analytics events queued, waiting for the next upload")
    let change = try await report.step("withdraw consent to analytics") {
      try await client.privacy.disable(.analytics)
    }
    _ = try await analytics.track("screen_viewed", parameters: ["screen": "settings"])
    let after = await analytics.currentStatistics()
    report.line(
      "\(after.deletedByPrivacy) queued events deleted, \(after.pending) pending; "
        + "\(after.droppedByPrivacy) tracked since, recorded nowhere")
    report.line("turned off: \(change.disabled); enabled now: \(change.current)")

    let erased = await report.step("erase all data") { await client.eraseAllData() }
    let root = client.configuration.dataDirectory.path
    for url in erased.deleted.prefix(8) {
      let path = url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
      report.line("deleted \(path.isEmpty ? "the data directory" : path)")
    }
    if erased.deleted.count > 8 {
      report.line("... and \(erased.deleted.count - 8) more")
    }
    report.line(
      "\(erased.deleted.count) items deleted, \(erased.failures.count) could not be; "
        + "the client is shut down, and the next start is a new device")
  }
}
