import Foundation
import SwiftParser
import SwiftSyntax

/// Audits a package's sources for every platform: each Swift file of each target under
/// `Sources/`, its `#if` evaluated per platform, its active imports and newer APIs checked.
///
/// It reads the manifest through its dump, so a test gives it a dump and a folder.
public struct PlatformAuditor: Sendable {
  /// The manifest, as dumped.
  public let dump: PackageDump
  /// The package's root folder.
  public let root: URL
  /// The platforms audited.
  public let platforms: [Platform]

  /// An auditor of the package at `root` whose `swift package dump-package` is `dumpJSON`.
  ///
  /// - Throws: ``AuditError`` when the dump cannot be read.
  public init(dumpJSON: Data, root: URL, platforms: [Platform] = Platform.allCases) throws {
    self.dump = try PackageDump(json: dumpJSON)
    self.root = root
    self.platforms = platforms
  }

  /// Audits every Swift file of every target under `Sources/`.
  ///
  /// - Returns: The files read and the findings, ordered by file, line and platform, each
  ///   once (`let a: Atomic<Int> = Atomic(0)` is one finding per platform).
  /// - Throws: ``AuditError`` when a file cannot be read.
  public func run() throws -> AuditReport {
    var fileCount = 0
    var findings: [Finding] = []
    for target in dump.sourceTargets {
      for file in try swiftFiles(of: target) {
        fileCount += 1
        findings += try audit(file: file, of: target)
      }
    }
    return AuditReport(
      fileCount: fileCount, platforms: platforms, findings: Set(findings).sorted())
  }

  /// Audits one file, given relative to the root, of `target` on every platform.
  ///
  /// - Throws: ``AuditError`` when the file cannot be read.
  public func audit(file: String, of target: TargetDescription) throws -> [Finding] {
    let url = root.appendingPathComponent(file)
    let source: String
    do {
      source = try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw AuditError("cannot read \(file): \(error.localizedDescription)")
    }
    let tree = Parser.parse(source: source)
    var findings: [Finding] = []
    for platform in platforms {
      let configuration = PlatformConfiguration(
        target: target, platform: platform, enabledTraits: dump.enabledTraits)
      let auditor = FileAuditor(
        file: file, tree: tree, target: target, configuration: configuration,
        floor: dump.floor(of: platform))
      auditor.walk(tree)
      findings += auditor.findings
    }
    return findings
  }

  /// The Swift files of `target`, relative to the root, sorted, without the excluded ones.
  ///
  /// - Throws: ``AuditError`` when the target's folder cannot be listed.
  func swiftFiles(of target: TargetDescription) throws -> [String] {
    let folder = root.appendingPathComponent(target.path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return [] }
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else {
      throw AuditError("cannot list \(target.path)")
    }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let excluded = target.exclude.contains { relative == $0 || relative.hasPrefix($0 + "/") }
      if !excluded {
        files.append(target.path + "/" + relative)
      }
    }
    return files.sorted()
  }
}
