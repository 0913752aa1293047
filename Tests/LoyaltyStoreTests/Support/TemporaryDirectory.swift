import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("LoyaltyStoreTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A path inside the directory.
  func file(_ name: String) -> URL {
    url.appendingPathComponent(name, isDirectory: false)
  }

  /// The names of the files in the directory, sorted.
  func contents() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  /// Every byte of the file at `url` and of its `-wal`, concatenated.
  static func bytesWithLog(of url: URL) -> Data {
    var bytes = (try? Data(contentsOf: url)) ?? Data()
    bytes.append((try? Data(contentsOf: URL(fileURLWithPath: url.path + "-wal"))) ?? Data())
    return bytes
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
