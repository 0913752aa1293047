import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
  let url: URL

  init(_ label: String = "security") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the directory.
  func appending(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
