// swift-tools-version:6.2
//
// The security product's CryptoKit backend, compiled and tested on Linux.
//
// On Apple platforms LoyaltySecurity runs on CryptoKit; Linux has no CryptoKit, but
// swift-crypto's `Crypto` module is CryptoKit's API (on Apple platforms it re-exports
// CryptoKit). `LoyaltySecurityCryptoKit` is built from the product's own files, symbolic
// links into `Sources/LoyaltySecurity` (never copies), with `LOYALTY_CRYPTOKIT` set, so
// they pick the CryptoKit backend. The tests run it beside the OpenSSL backend the SDK
// uses here: each opens what the other sealed, both give the same digests and codes,
// and both pass the conformance suites. A test names a symbol of every linked file:
// SwiftPM leaves a source out silently when its link does not resolve.
//
// A nested package, so the root manifest never depends on swift-crypto.

import PackageDescription

/// A product of the SDK (the root package).
func sdk(_ product: String) -> Target.Dependency {
  .product(name: product, package: "loyalty-sdk")
}

let package = Package(
  name: "loyalty-apple-check",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "loyalty-sdk", path: "../"),
    // The version Benchmarks resolves, so that a shared build folder builds it once.
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
  ],
  targets: [
    .target(
      name: "LoyaltySecurityCryptoKit",
      dependencies: [sdk("LoyaltyCore"), .product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .define("LOYALTY_CRYPTOKIT"),
      ]
    ),
    .testTarget(
      name: "AppleCheckTests",
      dependencies: [
        "LoyaltySecurityCryptoKit", sdk("LoyaltyCore"), sdk("LoyaltySecurity"),
        sdk("LoyaltyConformance"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
