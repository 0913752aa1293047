#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// Checks the directory the SDK keeps its files in
/// (``LoyaltyCore/LoyaltyConfiguration/dataDirectory``): writable, and owner-only as the
/// store creates it (the directory 0700, its files 0600).
package enum DataDirectoryCheck {
  /// The check lines for `directory`.
  package static func check(_ directory: URL) -> [DoctorCheck] {
    let path = directory.path
    guard let mode = mode(of: path) else {
      return [missing(directory)]
    }
    guard mode.isDirectory else {
      return [
        .error(
          "data directory", "\(path) exists but is not a directory",
          fix: "move it away, or set database.directory to another path")
      ]
    }
    guard access(path, W_OK | X_OK) == 0 else {
      return [
        .error(
          "data directory", "\(path) is not writable by this user",
          fix: "chown it to the user the app runs as, or set database.directory")
      ]
    }
    var checks: [DoctorCheck] = []
    if mode.permissions & 0o077 != 0 {
      checks.append(
        .warning(
          "data directory",
          "\(path) is writable but has mode \(octal(mode.permissions)); others can list it "
            + "(the store creates it 0700)",
          fix: "chmod 700 \(path)"))
    } else {
      checks.append(.ok("data directory", "\(path) is writable and owner-only"))
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    let loose = names.sorted().compactMap { name -> String? in
      let file = directory.appendingPathComponent(name).path
      guard let mode = self.mode(of: file), !mode.isDirectory, mode.permissions & 0o077 != 0
      else { return nil }
      return "\(name) (\(octal(mode.permissions)))"
    }
    if !loose.isEmpty {
      checks.append(
        .warning(
          "data directory",
          "files others can read: " + loose.joined(separator: ", ")
            + " (the store creates them 0600)",
          fix: "chmod 600 the files named, in \(path)"))
    }
    return checks
  }

  /// The line for a directory that does not exist yet: fine when the nearest existing
  /// ancestor is writable, since the store creates it.
  private static func missing(_ directory: URL) -> DoctorCheck {
    var ancestor = directory.deletingLastPathComponent()
    while mode(of: ancestor.path) == nil, ancestor.path != "/" {
      ancestor = ancestor.deletingLastPathComponent()
    }
    if access(ancestor.path, W_OK | X_OK) == 0 {
      return .ok(
        "data directory",
        "\(directory.path) does not exist yet; the store creates it (mode 0700) in "
          + ancestor.path)
    }
    return .error(
      "data directory",
      "\(directory.path) does not exist and \(ancestor.path) is not writable by this user",
      fix: "create it with mode 0700 for the user the app runs as, or set database.directory")
  }

  /// The permission bits and kind of what is at `path`, without following a final
  /// symbolic link's target being missing; `nil` when nothing is there.
  static func mode(of path: String) -> (permissions: UInt32, isDirectory: Bool)? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    let mode = UInt32(status.st_mode)
    return (mode & 0o777, mode & UInt32(S_IFMT) == UInt32(S_IFDIR))
  }

  /// `permissions` as four octal digits: `0755`.
  static func octal(_ permissions: UInt32) -> String {
    let digits = String(permissions, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
