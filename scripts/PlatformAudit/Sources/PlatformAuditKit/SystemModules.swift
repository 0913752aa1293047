/// The modules each platform's toolchain and SDK give every target, without a dependency.
///
/// One table: to teach the audit a module, add a row. A module a row names is importable
/// on exactly the platforms of that row.
public enum SystemModules {
  /// Which platforms a group of modules exists on.
  struct Row {
    /// The modules of the row.
    let modules: [String]
    /// The platforms that have them.
    let platforms: Set<Platform>
  }

  /// Apple's platforms, for the rows they share.
  private static let apple: Set<Platform> = [.iOS, .macOS, .tvOS, .watchOS, .visionOS]

  /// The table.
  static let rows: [Row] = [
    Row(
      modules: [
        "Swift", "_Concurrency", "Foundation", "Dispatch", "Synchronization", "Observation",
        "RegexBuilder", "_StringProcessing", "Distributed", "CoreFoundation",
      ],
      platforms: Set(Platform.allCases)
    ),
    Row(
      modules: [
        "Darwin", "CryptoKit", "Security", "os", "Combine", "SwiftUI", "Network",
        "UserNotifications", "CoreLocation", "SQLite3", "CoreImage",
      ],
      platforms: apple
    ),
    Row(modules: ["UIKit"], platforms: [.iOS, .tvOS, .visionOS]),
    Row(modules: ["AppKit"], platforms: [.macOS]),
    Row(
      modules: [
        "Glibc", "Musl", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking", "FoundationXML",
      ],
      platforms: [.linux]
    ),
  ]

  /// Each platform's modules, from ``rows``.
  private static let byPlatform: [Platform: Set<String>] = {
    var table: [Platform: Set<String>] = [:]
    for row in rows {
      for platform in row.platforms {
        table[platform, default: []].formUnion(row.modules)
      }
    }
    return table
  }()

  /// The system modules of `platform`.
  public static func modules(on platform: Platform) -> Set<String> {
    byPlatform[platform] ?? []
  }

  /// Whether `module` is a system module of `platform`.
  public static func contains(_ module: String, on platform: Platform) -> Bool {
    modules(on: platform).contains(module)
  }
}
