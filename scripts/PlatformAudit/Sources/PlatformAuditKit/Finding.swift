import SwiftIfConfig

/// One thing that would not build on one platform, at one line of one file.
public struct Finding: Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Sendable, Hashable {
    /// An active import of `module`, which `target` does not have on the platform.
    case strayImport(module: String, target: String)
    /// A use of `api`, new in `introduced`, below the platform's `floor`, where nothing
    /// checks its availability.
    case newerAPI(api: String, introduced: VersionTuple, floor: VersionTuple, module: String)
  }

  /// The file, relative to the package root.
  public let file: String
  /// The line, from 1.
  public let line: Int
  /// The platform it fails on.
  public let platform: Platform
  /// What is wrong.
  public let kind: Kind

  /// The line the command prints: `FILE:LINE: PLATFORM: what`.
  public var description: String {
    let name = platform.rawValue
    switch kind {
    case .strayImport(let module, let target):
      return "\(file):\(line): \(name): import of '\(module)', which target \(target) "
        + "does not have on \(name)"
    case .newerAPI(let api, let introduced, let floor, let module):
      return "\(file):\(line): \(name): '\(api)' needs \(name) \(introduced), but module "
        + "\(module) has the floor \(name) \(floor) and no #available or @available covers it"
    }
  }
}

extension Finding: Comparable {
  /// Orders findings by file, line, platform, then text.
  public static func < (lhs: Finding, rhs: Finding) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    if lhs.line != rhs.line { return lhs.line < rhs.line }
    if lhs.platform != rhs.platform { return lhs.platform < rhs.platform }
    return lhs.description < rhs.description
  }
}
