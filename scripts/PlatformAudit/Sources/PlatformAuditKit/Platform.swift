import SwiftIfConfig

/// A platform the SDK builds for, as the audit evaluates it.
///
/// Each case knows how the manifest's dump names it, what `os(...)` and `arch(...)` hold
/// there, and the deployment floor SwiftPM uses when the manifest names none.
public enum Platform: String, CaseIterable, Sendable, Hashable, Comparable {
  case iOS
  case macOS
  case tvOS
  case watchOS
  case visionOS
  case linux = "Linux"

  /// The name `swift package dump-package` gives the platform (`platformName`,
  /// `platformNames`).
  public var manifestName: String {
    switch self {
    case .iOS: "ios"
    case .macOS: "macos"
    case .tvOS: "tvos"
    case .watchOS: "watchos"
    case .visionOS: "visionos"
    case .linux: "linux"
    }
  }

  /// Whether the platform is one of Apple's (Darwin, CryptoKit, availability floors).
  public var isApple: Bool { self != .linux }

  /// The names `#if os(...)` accepts for the platform.
  var operatingSystemNames: Set<String> {
    switch self {
    case .iOS: ["iOS"]
    case .macOS: ["macOS", "OSX"]
    case .tvOS: ["tvOS"]
    case .watchOS: ["watchOS"]
    case .visionOS: ["visionOS", "xrOS"]
    case .linux: ["Linux"]
    }
  }

  /// The architectures `#if arch(...)` holds true for: any of them matches.
  var architectures: Set<String> {
    isApple ? ["arm64"] : ["x86_64", "arm64"]
  }

  /// The platform names an `@available` or `#available` argument may use for it.
  var availabilityNames: Set<String> {
    switch self {
    case .iOS: ["iOS"]
    case .macOS: ["macOS", "OSX"]
    case .tvOS: ["tvOS"]
    case .watchOS: ["watchOS"]
    case .visionOS: ["visionOS", "xrOS"]
    case .linux: []
    }
  }

  /// The deployment floor SwiftPM 6 uses when the manifest's `platforms` does not name the
  /// platform; `nil` where there is none (Linux).
  public var defaultFloor: VersionTuple? {
    switch self {
    case .iOS: VersionTuple(12, 0)
    case .macOS: VersionTuple(10, 13)
    case .tvOS: VersionTuple(12, 0)
    case .watchOS: VersionTuple(4, 0)
    case .visionOS: VersionTuple(1, 0)
    case .linux: nil
    }
  }

  /// The platform the dump names `name`, if the audit knows it.
  public init?(manifestName name: String) {
    guard let platform = Platform.allCases.first(where: { $0.manifestName == name }) else {
      return nil
    }
    self = platform
  }

  /// Orders platforms as ``allCases`` lists them.
  public static func < (lhs: Platform, rhs: Platform) -> Bool {
    let order = Platform.allCases
    return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
  }
}
