import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The directory's folder: installed snapshots as versioned files
/// (`snapshot-v7-<uuid>.sqlite`), a `current` file naming the one in use (replaced
/// atomically), and downloads in progress (`download-<uuid>.part`).
struct DirectoryStorage: Sendable {
  /// The folder.
  let folder: URL

  private var pointer: URL { folder.appendingPathComponent("current") }

  /// Creates the folder if needed.
  func prepare() throws {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw LoyaltyError(
        .directoryWriteFailed, "The directory folder could not be created.", underlying: error)
    }
  }

  /// A new file for a download.
  func temporaryURL() -> URL {
    folder.appendingPathComponent("download-\(UUID().uuidString).part")
  }

  /// The snapshot the `current` file names, if it exists.
  func installedURL() -> URL? {
    guard let data = try? Data(contentsOf: pointer) else { return nil }
    let name = String(decoding: data, as: UTF8.self).trimmingWhitespacesAndNewlines()
    guard name.hasPrefix("snapshot-"), !name.contains("/") else { return nil }
    let url = folder.appendingPathComponent(name)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// Moves a verified download into place as `version` and points `current` at it.
  /// The previous file is left to its readers.
  func install(_ download: URL, version: Int) throws -> URL {
    let name = "snapshot-v\(version)-\(UUID().uuidString).sqlite"
    let destination = folder.appendingPathComponent(name)
    do {
      try FileManager.default.moveItem(at: download, to: destination)
      try Data(name.utf8).write(to: pointer, options: .atomic)
    } catch {
      try? FileManager.default.removeItem(at: destination)
      throw LoyaltyError(
        .directoryWriteFailed, "The snapshot could not be moved into place.", underlying: error)
    }
    return destination
  }

  /// Deletes every snapshot and download but `keeping` (at start, when no reader runs).
  func removeStale(keeping: URL?) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where name != "current" && name != keeping?.lastPathComponent {
      if name.hasPrefix("snapshot-") || name.hasPrefix("download-") {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
      }
    }
  }

  /// Deletes a download.
  func discard(_ download: URL) {
    try? FileManager.default.removeItem(at: download)
  }
}
