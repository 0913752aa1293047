import Foundation

/// What an erasure left in a data directory: every regular file still under it.
enum LeftoverScan {
  /// The paths of the files under `directory`, relative to it; none when it is gone.
  static func files(under directory: URL) -> [String] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    var found: [String] = []
    for case let url as URL in enumerator {
      let values = try? url.resourceValues(forKeys: [.isRegularFileKey])
      if values?.isRegularFile == true {
        found.append(String(url.path.dropFirst(directory.path.count)))
      }
    }
    return found.sorted()
  }
}
