// swift-tools-version: 6.0
// The rewriter behind `scripts/mutants`: it compiles every mutant of a file into the file
// at once, each behind a switch read at run time, so a module is built once for all its
// mutants. A tool of the repository, not a part of the SDK.
import PackageDescription

let package = Package(
  name: "mutant-schema",
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
  ],
  targets: [
    .executableTarget(
      name: "mutant-schema",
      dependencies: [
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftOperators", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    )
  ]
)
