import Foundation

/// Which target to fuzz, and the arguments left for libFuzzer or the replay.
struct FuzzSelection {
  /// The target, or `nil` for `list`.
  let target: FuzzTarget?
  /// The program name followed by every argument but the target's name.
  let remaining: [String]

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  init(arguments: [String], environment: [String: String]) throws {
    let program = arguments.first ?? "LoyaltyFuzz"
    var rest = Array(arguments.dropFirst())
    let usage =
      "usage: \(program) list | <target> [libFuzzer flags] [files or directories]...\n"
      + "targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n"
      + "(the target may also come from LOYALTY_FUZZ_TARGET)"
    let name: String
    if let first = rest.first, !first.hasPrefix("-"),
      first == "list" || FuzzTarget(rawValue: first) != nil
    {
      name = first
      rest.removeFirst()
    } else if let fromEnvironment = environment["LOYALTY_FUZZ_TARGET"], !fromEnvironment.isEmpty {
      name = fromEnvironment
    } else {
      throw Failure(description: usage)
    }
    if name == "list" {
      target = nil
    } else if let target = FuzzTarget(rawValue: name) {
      self.target = target
    } else {
      throw Failure(description: "unknown target \(name)\n" + usage)
    }
    remaining = [program] + rest
  }
}

/// Replays files through a target without libFuzzer: what CI and a debugger use.
enum Replay {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs every file named, and every file in every directory named, through `target`.
  /// - Returns: How many inputs ran.
  static func run(_ target: FuzzTarget, paths: some Sequence<String>) throws -> Int {
    var count = 0
    for path in paths {
      for file in try files(at: path) {
        guard let data = FileManager.default.contents(atPath: file) else {
          throw Failure(description: "cannot read \(file)")
        }
        target.run(data)
        count += 1
      }
    }
    return count
  }

  private static func files(at path: String) throws -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw Failure(description: "no such file or directory: \(path)")
    }
    guard isDirectory.boolValue else { return [path] }
    let names = try FileManager.default.contentsOfDirectory(atPath: path)
    return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
      .filter { file in
        var isSubdirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: file, isDirectory: &isSubdirectory)
          && !isSubdirectory.boolValue
      }
  }
}
