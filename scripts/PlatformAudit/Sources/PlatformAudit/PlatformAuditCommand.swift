import Foundation
import PlatformAuditKit

/// `platform-audit [--root PATH] [--sources-json FILE] [--dump-scratch-path PATH]`: audits
/// the package at PATH (the current directory by default) for every platform, prints a
/// line per finding and a summary, and exits 0 when nothing was found, 1 when something
/// was, 2 on a usage or dump error. `--sources-json` reads the manifest's dump from a file
/// instead of running `swift package dump-package`, whose scratch folder
/// `--dump-scratch-path` sets.
@main
struct PlatformAuditCommand {
  /// The usage line.
  static let usage =
    "usage: platform-audit [--root PATH] [--sources-json FILE] [--dump-scratch-path PATH]"

  /// What the command line asks for.
  struct Options {
    /// The package's root.
    var root = FileManager.default.currentDirectoryPath
    /// A file holding the dump, instead of running swift.
    var dumpFile: String?
    /// The scratch folder of `swift package dump-package`.
    var dumpScratchPath: String?
  }

  /// Runs the audit and exits with its status.
  static func main() {
    let options: Options
    do {
      options = try parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      fail("\(error)\n\(usage)")
    }
    let root = URL(fileURLWithPath: options.root, isDirectory: true)
    do {
      let json =
        try options.dumpFile.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        ?? ManifestDump.dump(
          packageAt: root, scratchPath: options.dumpScratchPath.map(URL.init(fileURLWithPath:)))
      let report = try PlatformAuditor(dumpJSON: json, root: root).run()
      for finding in report.findings {
        print(finding)
      }
      print(report.summary)
      exit(report.findings.isEmpty ? 0 : 1)
    } catch {
      fail("\(error)")
    }
  }

  /// Reads the arguments.
  ///
  /// - Throws: ``UsageError`` when an option is unknown or lacks its value.
  static func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--root":
        guard let value = remaining.popFirst() else { throw UsageError("--root needs a path") }
        options.root = value
      case "--sources-json":
        guard let value = remaining.popFirst() else {
          throw UsageError("--sources-json needs a file")
        }
        options.dumpFile = value
      case "--dump-scratch-path":
        guard let value = remaining.popFirst() else {
          throw UsageError("--dump-scratch-path needs a path")
        }
        options.dumpScratchPath = value
      case "-h", "--help":
        print(usage)
        exit(0)
      default:
        throw UsageError("unknown argument '\(argument)'")
      }
    }
    return options
  }

  /// Prints `message` to the standard error and exits with status 2.
  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("platform-audit: \(message)\n".utf8))
    exit(2)
  }
}
