// swift-tools-version:6.0
//
// Integrations of the SDK with common server-side Swift packages: a transport on
// AsyncHTTPClient for server hosts, and bridges to swift-log and swift-metrics; with an
// example server holding one client per tenant, and a benchmark of the two transports.
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
    .library(name: "LoyaltyAsyncHTTPClient", targets: ["LoyaltyAsyncHTTPClient"]),
    .library(name: "LoyaltyLogging", targets: ["LoyaltyLogging"]),
    .library(name: "LoyaltyMetrics", targets: ["LoyaltyMetrics"]),
    .executable(name: "example-tenant-server", targets: ["TenantServer"]),
    .executable(name: "transport-benchmark", targets: ["TransportBenchmark"]),
  ],
  dependencies: [
    .package(name: "loyalty-sdk", path: "../"),
    .package(name: "loyalty-emulator", path: "../Emulator"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.30.0"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.26.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
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
        // For Snippets/: the guides' blocks that use every integration product.
        "LoyaltyLogging",
        "LoyaltyMetrics",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),

    // MARK: swift-log bridge

    .target(
      name: "LoyaltyLogging",
      dependencies: [sdk("LoyaltyCore"), .product(name: "Logging", package: "swift-log")],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyLoggingTests",
      dependencies: [
        "LoyaltyLogging",
        sdk("LoyaltyCore"),
        sdk("LoyaltyNetwork"),
        sdk("LoyaltySandbox"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),

    // MARK: swift-metrics bridge

    .target(
      name: "LoyaltyMetrics",
      dependencies: [sdk("LoyaltyCore"), .product(name: "CoreMetrics", package: "swift-metrics")],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyMetricsTests",
      dependencies: [
        "LoyaltyMetrics",
        sdk("LoyaltyCore"),
        sdk("LoyaltyConformance"),
        sdk("LoyaltyNetwork"),
        sdk("LoyaltySandbox"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
      ],
      swiftSettings: swiftSettings
    ),

    // MARK: Example and benchmark

    .executableTarget(
      name: "TenantServer",
      dependencies: [
        "LoyaltyAsyncHTTPClient",
        "LoyaltyLogging",
        sdk("LoyaltyCore"),
        sdk("LoyaltyNetwork"),
        sdk("LoyaltyMarket"),
        sdk("LoyaltySandbox"),
        emulator("LoyaltyEmulatorServer"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      path: "Examples/TenantServer",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "TransportBenchmark",
      dependencies: [
        "LoyaltyAsyncHTTPClient",
        sdk("LoyaltyCore"),
        sdk("LoyaltyNetwork"),
        sdk("LoyaltyMarket"),
        sdk("LoyaltyURLSession"),
        sdk("LoyaltyConformance"),
        sdk("LoyaltySandbox"),
        emulator("LoyaltyEmulatorServer"),
      ],
      path: "Benchmarks/TransportBenchmark",
      swiftSettings: swiftSettings
    ),
  ]
)
