// swift-tools-version:6.0
//
// A host package that applies LoyaltyConfigurationPlugin: its loyalty.json is validated
// when the target builds, and `LoyaltyConfiguration.bundled()` is generated from it.
// CI builds it with a valid file and with a broken one (see Docs/Plugins.md).

import PackageDescription

let package = Package(
  name: "configured-host",
  platforms: [.macOS(.v15)],
  dependencies: [
    // Named explicitly, so the product resolves whatever the checkout's directory is called.
    .package(name: "loyalty-sdk", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "ConfiguredHost",
      dependencies: [.product(name: "LoyaltyCore", package: "loyalty-sdk")],
      swiftSettings: [.swiftLanguageMode(.v6)],
      plugins: [.plugin(name: "LoyaltyConfigurationPlugin", package: "loyalty-sdk")]
    )
  ]
)
