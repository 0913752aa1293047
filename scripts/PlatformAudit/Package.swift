// swift-tools-version: 6.0
// The checker behind `scripts/platform-audit`: it reads the root manifest's dump, evaluates
// every `#if` of the Swift files under Sources/ for each platform the SDK builds for, and
// reports an active import a target does not have there, or an API newer than the floor
// used where nothing makes it available. A tool of the repository, not a part of the SDK.
import PackageDescription

let package = Package(
  name: "platform-audit",
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
  ],
  targets: [
    .target(
      name: "PlatformAuditKit",
      dependencies: [
        .product(name: "SwiftIfConfig", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "platform-audit",
      dependencies: ["PlatformAuditKit"],
      path: "Sources/PlatformAudit",
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "PlatformAuditTests",
      dependencies: ["PlatformAuditKit"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
