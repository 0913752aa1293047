package import LoyaltyCore

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// Finds `loyalty.json`, decodes it and validates it with
/// ``LoyaltyCore/LoyaltyConfiguration/validationErrors()``.
package enum ConfigurationCheck {
  /// The file name looked for in the target directories.
  package static let fileName = "loyalty.json"

  /// The outcome: the check lines, and the configuration when the file decoded (even if
  /// it has validation errors, so the later checks can still use its other settings).
  package struct Outcome: Sendable {
    package var checks: [DoctorCheck]
    package var configuration: LoyaltyConfiguration?
    package var file: URL?
  }

  /// Every `loyalty.json` under `directories` (depth first, sorted by path, at most
  /// `maxDepth` levels down), skipping hidden directories and build folders.
  package static func locate(in directories: [URL], maxDepth: Int = 6) -> [URL] {
    var found: [URL] = []
    for directory in directories {
      collect(directory.standardizedFileURL, depth: maxDepth, into: &found)
    }
    var seen = Set<String>()
    return found.filter { seen.insert($0.path).inserted }
  }

  private static func collect(_ directory: URL, depth: Int, into found: inout [URL]) {
    let manager = FileManager.default
    guard depth >= 0, let names = try? manager.contentsOfDirectory(atPath: directory.path)
    else { return }
    for name in names.sorted() where !name.hasPrefix(".") {
      let url = directory.appendingPathComponent(name)
      var isDirectory: Bool = false
      guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
      if isDirectory {
        collect(url, depth: depth - 1, into: &found)
      } else if name == fileName {
        found.append(url)
      }
    }
  }

  /// Checks the file given with `--config`, or the first `loyalty.json` found.
  /// - Parameter display: How a path is shown (relative to the package, for instance).
  package static func run(
    explicit: URL?, searchDirectories: [URL], display: (URL) -> String
  ) -> Outcome {
    let candidates = explicit.map { [$0] } ?? locate(in: searchDirectories)
    guard let file = candidates.first else {
      let message =
        explicit == nil && searchDirectories.isEmpty
        ? "no configuration file given"
        : "no \(fileName) in the package's target directories"
      return Outcome(
        checks: [
          .warning(
            "configuration", message + "; the checks that need one are skipped",
            fix: "pass --config PATH, or put \(fileName) in the target that starts the SDK")
        ], configuration: nil, file: nil)
    }
    var checks: [DoctorCheck] = []
    if candidates.count > 1 {
      checks.append(
        .warning(
          "configuration",
          "\(candidates.count) files named \(fileName): "
            + candidates.map(display).joined(separator: ", ") + "; checking the first",
          fix: "pass --config PATH to choose one"))
    }
    let shown = display(file)
    let configuration: LoyaltyConfiguration
    do {
      configuration = try LoyaltyConfiguration(contentsOf: file)
    } catch let error as LoyaltyError {
      checks.append(
        .error(
          "configuration", "\(shown): \(error.message)",
          fix: error.recoverySuggestion ?? "correct the field named above"))
      return Outcome(checks: checks, configuration: nil, file: file)
    } catch {
      checks.append(
        .error("configuration", "\(shown): \(error)", fix: "correct the file"))
      return Outcome(checks: checks, configuration: nil, file: file)
    }
    let errors = configuration.validationErrors()
    if errors.isEmpty {
      checks.append(
        .ok(
          "configuration",
          "\(shown) is valid (app \(configuration.appUUID), bundle \(configuration.bundleID), "
            + "\(configuration.environment))"))
    }
    for error in errors {
      checks.append(
        .error(
          "configuration", "\(shown): \(error.message) (\(error.code))",
          fix: error.recoverySuggestion ?? "correct the field named above"))
    }
    return Outcome(checks: checks, configuration: configuration, file: file)
  }
}
