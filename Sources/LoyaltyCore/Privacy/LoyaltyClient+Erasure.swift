#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// Erasing everything the SDK stored on the device: the answer to an erasure request.
extension LoyaltyClient {
  /// Shuts the client down, then deletes every file and directory its modules wrote
  /// (databases with their `-wal`, `-shm` and journals, key files, directory snapshots,
  /// caches; ``LoyaltyModule/dataLocations(_:)``), the log files
  /// (``LoyaltyConfiguration/logDirectory``, whose handler stops writing first), and the
  /// configuration's data directory once it is empty. Stored preferences, tokens, keys and the privacy choice
  /// go with their files.
  ///
  /// A file that cannot be deleted is reported, and the others are deleted still.
  /// Afterwards a client started with the same configuration behaves as on a new
  /// device: the configuration's privacy default applies again. Unlike a logout, which
  /// ends the session and keeps the device's data, nothing is kept.
  /// - Returns: What was deleted, and what could not be.
  public func eraseAllData() async -> DataErasureReport {
    await eraseAllData { try FileManager.default.removeItem(at: $0) }
  }

  /// ``eraseAllData()`` deleting each item with `remove`. The file work runs on the
  /// SDK's file thread, never on the cooperative pool.
  package func eraseAllData(remove: @escaping @Sendable (URL) throws -> Void) async
    -> DataErasureReport
  {
    await shutdown()
    // Nothing is written to the log files once they are deleted, this erasure's own
    // message included.
    capabilities.fileLogHandler?.close()
    let logDirectory = configuration.logDirectory
    let modules = registered.map { ($0, context(for: $0)) }
    let directory = configuration.dataDirectory
    let report: DataErasureReport
    do {
      report = try await BlockingExecutor.shared.run {
        var report = DataErasureReport()
        var seen: Set<String> = []
        let locations =
          modules.flatMap { module, context in module.dataLocations(context) } + [logDirectory]
        for location in locations where seen.insert(location.standardizedFileURL.path).inserted {
          Self.erase(location, remove: remove, into: &report)
        }
        let left = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        if left?.isEmpty == true {
          Self.erase(directory, remove: remove, into: &report)
        }
        return report
      }
    } catch {
      // Cancelled before the file work began: nothing was deleted.
      var failed = DataErasureReport()
      failed.failures = [
        DataErasureReport.Failure(url: directory, reason: String(describing: error))
      ]
      report = failed
    }
    logger.info(
      "Erased the SDK's data: \(report.deleted.count) items deleted, "
        + "\(report.failures.count) could not be.")
    return report
  }

  /// Deletes `url`: a directory's files first, then its directories, deepest first; a
  /// directory with a child that could not be deleted is kept.
  private static func erase(
    _ url: URL, remove: (URL) throws -> Void, into report: inout DataErasureReport
  ) {
    // The item itself, not what a link points to: a link is deleted, never followed.
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
      return
    }
    if attributes[.type] as? FileAttributeType == .typeDirectory {
      let children = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      let failures = report.failures.count
      for child in children {
        erase(url.appendingPathComponent(child), remove: remove, into: &report)
      }
      // What could not be deleted stays where it is, reported once, with its directory.
      guard report.failures.count == failures else { return }
    }
    do {
      try remove(url)
      report.deleted.append(url)
    } catch {
      report.failures.append(
        DataErasureReport.Failure(url: url, reason: String(describing: error)))
    }
  }
}
