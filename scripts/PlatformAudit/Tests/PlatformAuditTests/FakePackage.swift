import Foundation
import PlatformAuditKit

/// A package made for one test in a temporary folder: its Swift files on disk and its
/// manifest's dump, shaped like what `swift package dump-package` 6.3 prints.
struct FakePackage {
  /// The package's root, a new temporary folder.
  let root: URL
  /// The dump's `platforms`: name and version, like `("ios", "17.0")`.
  var platforms: [(String, String)] = [
    ("ios", "17.0"), ("macos", "14.0"), ("tvos", "17.0"), ("watchos", "10.0"),
    ("visionos", "1.0"),
  ]
  /// The dump's `targets`.
  var targets: [[String: Any]] = []
  /// The dump's `traits`.
  var traits: [[String: Any]] = []

  /// Every Apple platform, for expectations.
  static let applePlatforms: Set<Platform> = [.iOS, .macOS, .tvOS, .watchOS, .visionOS]

  /// An empty package in a new temporary folder.
  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("platform-audit-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  /// Writes `contents` to `path`, relative to the root.
  func write(_ path: String, _ contents: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
  }

  /// Adds a target named `name` with `dependencies` (from ``byName(_:platforms:)``) and
  /// `settings` (from ``define(_:platforms:)``).
  mutating func addTarget(
    _ name: String, type: String = "regular", path: String? = nil,
    dependencies: [[String: Any]] = [], settings: [[String: Any]] = [], exclude: [String] = []
  ) {
    var target: [String: Any] = [
      "name": name, "type": type, "dependencies": dependencies, "settings": settings,
      "exclude": exclude, "resources": [], "packageAccess": true,
    ]
    if let path {
      target["path"] = path
    }
    targets.append(target)
  }

  /// The dump's JSON.
  func dumpJSON() throws -> Data {
    let dump: [String: Any] = [
      "name": "fake",
      "platforms": platforms.map { ["platformName": $0.0, "version": $0.1, "options": []] },
      "targets": targets,
      "traits": traits,
      "dependencies": [],
      "products": [],
    ]
    return try JSONSerialization.data(withJSONObject: dump)
  }

  /// Audits the package on every platform.
  func audit() throws -> AuditReport {
    try PlatformAuditor(dumpJSON: dumpJSON(), root: root).run()
  }

  /// The platforms the audit finds something on.
  func failingPlatforms() throws -> Set<Platform> {
    Set(try audit().findings.map(\.platform))
  }

  /// Removes the folder.
  func remove() {
    try? FileManager.default.removeItem(at: root)
  }

  /// A `byName` dependency, on `platforms` only when given.
  static func byName(_ name: String, platforms: [String]? = nil) -> [String: Any] {
    ["byName": [name, condition(platforms)]]
  }

  /// A `target` dependency, on `platforms` only when given.
  static func target(_ name: String, platforms: [String]? = nil) -> [String: Any] {
    ["target": [name, condition(platforms)]]
  }

  /// A `product` dependency from `package`, on `platforms` only when given.
  static func product(_ name: String, package: String, platforms: [String]? = nil)
    -> [String: Any]
  {
    ["product": [name, package, NSNull(), condition(platforms)]]
  }

  /// A `define` setting, on `platforms` only when given.
  static func define(_ name: String, platforms: [String]? = nil) -> [String: Any] {
    var setting: [String: Any] = ["tool": "swift", "kind": ["define": ["_0": name]]]
    if let platforms {
      setting["condition"] = ["platformNames": platforms]
    }
    return setting
  }

  /// A condition on `platforms`, or `null`.
  private static func condition(_ platforms: [String]?) -> Any {
    platforms.map { ["platformNames": $0] as [String: Any] } ?? NSNull()
  }
}
