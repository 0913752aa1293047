import Foundation
import SwiftIfConfig

/// What the audit reads of `swift package dump-package`: the floors, the traits on by
/// default, and the targets.
public struct PackageDump: Sendable {
  /// The deployment floor of each Apple platform: the manifest's, else SwiftPM's default.
  public let floors: [Platform: VersionTuple]
  /// The traits a default build enables (the `default` trait and what it enables in turn).
  public let enabledTraits: Set<String>
  /// The manifest's targets, in its order.
  public let targets: [TargetDescription]

  /// Reads the dump's JSON.
  ///
  /// - Throws: ``AuditError`` when `json` is not a dump of a manifest.
  public init(json: Data) throws {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: json)
    } catch {
      throw AuditError("the package dump is not JSON: \(error.localizedDescription)")
    }
    guard let root = object as? [String: Any], let targets = root["targets"] as? [[String: Any]]
    else {
      throw AuditError("the package dump has no targets")
    }
    var floors: [Platform: VersionTuple] = [:]
    for platform in Platform.allCases {
      floors[platform] = platform.defaultFloor
    }
    for entry in root["platforms"] as? [[String: Any]] ?? [] {
      guard let name = entry["platformName"] as? String,
        let platform = Platform(manifestName: name),
        let text = entry["version"] as? String,
        let version = VersionTuple(parsing: text)
      else { continue }
      floors[platform] = version
    }
    self.floors = floors
    self.enabledTraits = Self.defaultTraits(root["traits"] as? [[String: Any]] ?? [])
    self.targets = try targets.map(TargetDescription.init(json:))
  }

  /// The targets whose folder is under `Sources/`, the ones the audit reads.
  public var sourceTargets: [TargetDescription] {
    targets.filter { $0.path == "Sources" || $0.path.hasPrefix("Sources/") }
  }

  /// The floor of `platform`; `nil` on Linux.
  public func floor(of platform: Platform) -> VersionTuple? {
    floors[platform]
  }

  /// The traits the `default` trait enables, followed through the traits they enable.
  private static func defaultTraits(_ traits: [[String: Any]]) -> Set<String> {
    var enables: [String: [String]] = [:]
    for trait in traits {
      if let name = trait["name"] as? String {
        enables[name] = trait["enabledTraits"] as? [String] ?? []
      }
    }
    var enabled: Set<String> = []
    var pending = enables["default"] ?? []
    while let next = pending.popLast() {
      if enabled.insert(next).inserted {
        pending.append(contentsOf: enables[next] ?? [])
      }
    }
    return enabled
  }
}
