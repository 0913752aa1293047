// swift-tools-version:6.1
//
// Benchmarks for the Loyalty SDK. A nested package, so the benchmark harness (and the
// reference libraries measured next to the SDK) never reach the SDK's own manifest.
//
// Run: swift package --package-path Benchmarks benchmark

import PackageDescription

/// A product of the SDK. The path dependency is named explicitly, so the products
/// resolve whatever the checkout's directory is called.
func sdk(_ product: String) -> Target.Dependency {
  .product(name: product, package: "loyalty-sdk")
}

let package = Package(
  name: "loyalty-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "loyalty-sdk", path: "../"),
    .package(
      url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1",
      traits: ["MallocInterposer"]),
    // References measured next to the SDK, in the same run.
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "RegistryBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        sdk("LoyaltyCore"), sdk("LoyaltyNetwork"), sdk("LoyaltyURLSession"), sdk("LoyaltyStore"),
        sdk("LoyaltySecurity"), sdk("LoyaltyEvents"), sdk("LoyaltyPush"), sdk("LoyaltyMarket"),
      ],
      path: "Benchmarks/RegistryBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    .executableTarget(
      name: "SecurityBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "Crypto", package: "swift-crypto"),
        sdk("LoyaltyCore"), sdk("LoyaltySecurity"),
      ],
      path: "Benchmarks/SecurityBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "GRDB", package: "GRDB.swift"),
        sdk("LoyaltyCore"), sdk("LoyaltySecurity"), sdk("LoyaltyStore"),
      ],
      path: "Benchmarks/StoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    .executableTarget(
      name: "NetworkBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        sdk("LoyaltyCore"), sdk("LoyaltyNetwork"),
      ],
      path: "Benchmarks/NetworkBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    .executableTarget(
      name: "EventsBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "GRDB", package: "GRDB.swift"),
        sdk("LoyaltyCore"), sdk("LoyaltyEvents"), sdk("LoyaltyStore"),
      ],
      path: "Benchmarks/EventsBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    .executableTarget(
      name: "MarketBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        // The raw sqlite3 C API: the reference of the offline cache's read.
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        sdk("LoyaltyCore"), sdk("LoyaltyNetwork"), sdk("LoyaltyMarket"), sdk("LoyaltySandbox"),
        sdk("LoyaltyStore"), sdk("LoyaltySecurity"),
      ],
      path: "Benchmarks/MarketBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),

    // MARK: Location

    .executableTarget(
      name: "LocationBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        sdk("LoyaltyCore"), sdk("LoyaltyNetwork"), sdk("LoyaltyStore"), sdk("LoyaltyLocation"),
        sdk("LoyaltySandbox"),
      ],
      path: "Benchmarks/LocationBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),

    // MARK: Scale

    .executableTarget(
      name: "ScaleBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        sdk("LoyaltyCore"), sdk("LoyaltyNetwork"), sdk("LoyaltyEvents"), sdk("LoyaltyMarket"),
        sdk("LoyaltySandbox"),
      ],
      path: "Benchmarks/ScaleBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),

    // MARK: Directory (merchant directory search, sync and swap)
    .executableTarget(
      name: "DirectoryBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "GRDB", package: "GRDB.swift"),
        sdk("LoyaltyCore"), sdk("LoyaltyNetwork"), sdk("LoyaltyDirectory"),
      ],
      path: "Benchmarks/DirectoryBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),

    // MARK: Barcodes (QR Code against libqrencode)

    // libqrencode, found through pkg-config, is the reference of the QR benchmarks only.
    .systemLibrary(
      name: "CLibqrencode",
      path: "Benchmarks/CLibqrencode",
      pkgConfig: "libqrencode",
      providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]
    ),
    .executableTarget(
      name: "BarcodeBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        "CLibqrencode", sdk("LoyaltyBarcode"),
      ],
      path: "Benchmarks/BarcodeBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),

    // MARK: Blocking work under load

    .executableTarget(
      name: "LoadBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        sdk("LoyaltyCore"), sdk("LoyaltyNetwork"), sdk("LoyaltyStore"), sdk("LoyaltyEvents"),
      ],
      path: "Benchmarks/LoadBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
  ]
)
