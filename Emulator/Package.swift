// swift-tools-version:6.0
//
// The loyalty emulator: the SDK's in-process sandbox served over real HTTP on
// 127.0.0.1, for end-to-end tests and for apps under development.
//
// A nested package, so the root manifest never sees the server dependencies. The path
// dependency is named explicitly, so the SDK's products resolve whatever the checkout's
// directory is called.

import PackageDescription

/// A product of the SDK (the root package).
func sdk(_ product: String) -> Target.Dependency {
  .product(name: product, package: "loyalty-sdk")
}

let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "loyalty-emulator",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "loyalty-emulator", targets: ["LoyaltyEmulator"]),
    .library(name: "LoyaltyEmulatorServer", targets: ["LoyaltyEmulatorServer"]),
    .executable(name: "loyalty-chaos-host", targets: ["LoyaltyChaosHost"]),
  ],
  dependencies: [
    .package(name: "loyalty-sdk", path: "../"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
  ],
  targets: [
    .target(
      name: "LoyaltyEmulatorServer",
      dependencies: [
        sdk("LoyaltySandbox"),
        sdk("LoyaltyCore"),
        sdk("LoyaltyNetwork"),
        sdk("LoyaltyBarcode"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      // The web console's pages, served as they are under /_emulator/.
      resources: [.copy("Console")],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "LoyaltyEmulator",
      dependencies: [
        "LoyaltyEmulatorServer",
        sdk("LoyaltySandbox"),
        sdk("LoyaltyDirectory"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings
    ),
    // One client of the chaos soak (scripts/chaos), doing what an app does in a loop.
    .executableTarget(
      name: "LoyaltyChaosHost",
      dependencies: [
        sdk("LoyaltyCore"), sdk("LoyaltyNetwork"), sdk("LoyaltyURLSession"), sdk("LoyaltyStore"),
        sdk("LoyaltySecurity"), sdk("LoyaltyEvents"), sdk("LoyaltyMarket"), sdk("LoyaltyPush"),
        sdk("LoyaltyLocation"), sdk("LoyaltySandbox"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyEmulatorTests",
      dependencies: [
        "LoyaltyEmulatorServer",
        sdk("LoyaltySandbox"),
        sdk("LoyaltyCore"),
        sdk("LoyaltyNetwork"),
        sdk("LoyaltyURLSession"),
        sdk("LoyaltyMarket"),
        sdk("LoyaltyPush"),
        sdk("LoyaltyLocation"),
        sdk("LoyaltyFlows"),
        sdk("LoyaltySecurity"),
        sdk("LoyaltyDirectory"),
      ],
      swiftSettings: swiftSettings
    ),
  ]
)
