// swift-tools-version:6.0
//
// Integrations of the SDK with common server-side Swift packages: a transport on
// AsyncHTTPClient for server hosts, and (later) bridges to swift-log and swift-metrics.
//
// A nested package, so the root manifest never sees these dependencies: a host links only
// the integration products it names. The path dependency is named explicitly, so the SDK's
// products resolve whatever the checkout's directory is called.

import PackageDescription

/// A product of the SDK (the root package).
func sdk(_ product: String) -> Target.Dependency {
  .product(name: product, package: "loyalty-sdk")
}

/// A product of the emulator package, for end-to-end tests on 127.0.0.1.
func emulator(_ product: String) -> Target.Dependency {
  .product(name: product, package: "loyalty-emulator")
}

let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "loyalty-integrations",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "LoyaltyAsyncHTTPClient", targets: ["LoyaltyAsyncHTTPClient"])
  ],
  dependencies: [
    .package(name: "loyalty-sdk", path: "../"),
    .package(name: "loyalty-emulator", path: "../Emulator"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.30.0"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.26.0"),
  ],
  targets: [
    // MARK: AsyncHTTPClient transport

    .target(
      name: "LoyaltyAsyncHTTPClient",
      dependencies: [
        sdk("LoyaltyCore"),
        sdk("LoyaltyNetwork"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyAsyncHTTPClientTests",
      dependencies: [
        "LoyaltyAsyncHTTPClient",
        sdk("LoyaltyCore"),
        sdk("LoyaltyNetwork"),
        sdk("LoyaltyConformance"),
        sdk("LoyaltySandbox"),
        sdk("LoyaltyMarket"),
        sdk("LoyaltyPush"),
        sdk("LoyaltyFlows"),
        emulator("LoyaltyEmulatorServer"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOFoundationCompat", package: "swift-nio"),
      ],
      swiftSettings: swiftSettings
    ),
  ]
)
