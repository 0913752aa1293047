import SwiftIfConfig

/// An API newer than a floor the SDK may have: its name and when each Apple platform got it.
///
/// ``all`` is the one table; a use is found by name where a type or a value is named.
public struct NewerAPI: Sendable, Hashable {
  /// The name the code uses (`Atomic`, `withTaskExecutorPreference`).
  public let name: String
  /// The version each Apple platform introduced it in.
  public let introduced: [Platform: VersionTuple]

  /// The modules a qualified use may name it through (`Synchronization.Atomic`).
  static let modules: Set<String> = ["Swift", "Synchronization", "_Concurrency"]

  /// The Swift 6.0 runtime: iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2.
  private static let swift6Runtime: [Platform: VersionTuple] = [
    .iOS: VersionTuple(18, 0), .macOS: VersionTuple(15, 0), .tvOS: VersionTuple(18, 0),
    .watchOS: VersionTuple(11, 0), .visionOS: VersionTuple(2, 0),
  ]

  /// The table of APIs the audit looks for.
  public static let all: [NewerAPI] = [
    "Atomic", "Mutex", "WordPair", "withTaskExecutorPreference", "TaskExecutor",
    "globalConcurrentExecutor",
  ].map { NewerAPI(name: $0, introduced: swift6Runtime) }

  /// The table by name.
  static let byName: [String: NewerAPI] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.name, $0) })
}
