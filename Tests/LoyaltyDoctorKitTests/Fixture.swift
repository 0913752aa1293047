import LoyaltyCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Files the doctor's tests read and write.
enum Fixture {
  /// `Fixtures/loyalty.json`: a valid configuration.
  static var validConfiguration: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/loyalty.json")
  }

  /// A new empty directory of mode 0700 under the temporary directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("doctor-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return url
  }

  /// Writes `text` to `url` with mode `mode`.
  static func write(_ text: String, to url: URL, mode: Int = 0o600) throws {
    try Data(text.utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
  }

  /// Sets the permission bits of `url`.
  static func chmod(_ url: URL, _ mode: Int) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
  }

  /// Whether the tests run as root, who writes anywhere regardless of modes.
  static var isRoot: Bool { getuid() == 0 }
}
