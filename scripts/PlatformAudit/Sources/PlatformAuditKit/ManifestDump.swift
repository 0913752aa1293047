import Foundation

/// Runs `swift package dump-package` on a package, for its manifest as JSON.
public enum ManifestDump {
  /// The dump of the package at `root`; what swift says on its standard error goes to
  /// this process's.
  ///
  /// - Parameters:
  ///   - root: The package's folder.
  ///   - scratchPath: A scratch folder for swift other than the package's `.build`, so the
  ///     dump does not wait for a build of the package holding that folder's lock.
  /// - Throws: ``AuditError`` when `swift` cannot be run or fails.
  public static func dump(packageAt root: URL, scratchPath: URL? = nil) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["swift", "package", "dump-package", "--package-path", root.path]
      + (scratchPath.map { ["--scratch-path", $0.path] } ?? [])
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw AuditError("cannot run swift package dump-package: \(error.localizedDescription)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw AuditError(
        "swift package dump-package --package-path \(root.path) failed with status "
          + "\(process.terminationStatus)")
    }
    return data
  }
}
