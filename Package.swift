// swift-tools-version:6.2
//
// The Loyalty SDK: a modular loyalty and rewards SDK.
//
// The root manifest has no package dependencies. Each product links only the
// system libraries it uses: libsqlite3 (LoyaltyStore), libcrypto
// (LoyaltySecurity) and zlib (LoyaltyNetwork); only LoyaltyURLSession links URLSession
// (FoundationNetworking, and with it libcurl, on Linux).

import PackageDescription

// LOYALTY_WARNINGS_AS_ERRORS=1 turns every warning of the SDK's own targets into an error.
// CI sets it for the whole run, so the strict build and `swift test` share one build
// instead of compiling everything twice; a host never sees it.
let warningsAsErrors = Context.environment["LOYALTY_WARNINGS_AS_ERRORS"] == "1"

let swiftSettings: [SwiftSetting] =
  [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
  ] + (warningsAsErrors ? [.unsafeFlags(["-warnings-as-errors"])] : [])

// The SDK's products are compiled for size in a release build (`-Osize`): the host's app
// carries every product it links, and -Osize takes 10 % off a host that links them all
// (Docs/Examples.md, "What a host pays"). What a benchmark measures against a reference
// keeps its speed: the loops say `@_optimize(speed)` themselves (the JSON parser, the
// registry's key, the event bus's delivery, the point-of-interest queries, the token
// cache), and LoyaltyBarcode stays at -O (it says why).
// Only the SDK's own modules are affected: the host's code keeps the host's settings.
// SwiftPM takes a flag like this one from a dependency since tools version 6.2, the floor
// of this manifest. LOYALTY_OPTIMIZE=speed builds the products at -O instead, to compare.
let optimizeForSpeed = Context.environment["LOYALTY_OPTIMIZE"] == "speed"

// Value witnesses (the code that copies, moves and destroys a value of each type) as
// layout strings the Swift runtime reads, not compiled functions: 1,962 such functions were
// 210 KB of example-all-products. A copy through a layout string is slower than compiled
// code, and the compiler then copies a type's values through it everywhere, specialised
// code included, so the products whose values are copied in bulk keep compiled witnesses:
// LoyaltyCore (tokens, queued events, points of interest, merchants), LoyaltyStore (the
// token cache), LoyaltyMarket (a campaign list's pipeline was 2x slower, its decoding
// 7 %) and LoyaltyDirectory (a sync of 10,000 merchants, 10 % at the median of nine
// runs). Docs/Examples.md, "Value witnesses as layout strings", has the figures. The
// compiler uses them only where the deployment target's runtime reads them (Swift 6.1:
// iOS 18.4, macOS 15.4, and every Linux toolchain); below that it compiles the functions
// as before. In every configuration, so the tests run what a release build ships.
// LOYALTY_VALUE_WITNESSES=compiled compiles the functions everywhere, to compare.
let layoutStringWitnesses: [SwiftSetting] =
  Context.environment["LOYALTY_VALUE_WITNESSES"] == "compiled"
  ? []
  : [
    .enableExperimentalFeature("LayoutStringValueWitnesses"),
    .enableExperimentalFeature("LayoutStringValueWitnessesInstantiation"),
    .unsafeFlags([
      "-Xfrontend", "-enable-layout-string-value-witnesses",
      "-Xfrontend", "-enable-layout-string-value-witnesses-instantiation",
    ]),
  ]

// Code a binary does not call, left out of it on Linux. SwiftPM links a release executable
// with `--gc-sections`, which drops sections nothing refers to; but Swift puts every
// function that is not public (async parts, merged code, the standard library's code
// specialised for the SDK's types) in one `.text` section per file, and marks each public
// function's section as kept. So the linker kept all of each file's code, and every copy
// of a specialisation that several files emit: 210 KB of example-all-products were such
// copies. Each function in a section of its own (`-function-sections`), none kept for being
// public (`-internalize-at-link`): the linker keeps what the binary reaches. Symbols, their
// visibility and the code are unchanged (but for a jump to another section, 3 bytes
// longer); a shared library still exports every public symbol. Measured on Linux only, so
// set on Linux only (Docs/Examples.md, "Code the linker leaves out").
// LOYALTY_FUNCTION_SECTIONS=off builds without, to compare.
let linkerRemovableCode: [SwiftSetting] =
  Context.environment["LOYALTY_FUNCTION_SECTIONS"] == "off"
  ? []
  : [
    .unsafeFlags(
      ["-Xfrontend", "-function-sections", "-Xfrontend", "-internalize-at-link"],
      .when(platforms: [.linux])
    )
  ]

let productSettings: [SwiftSetting] =
  swiftSettings
  + (optimizeForSpeed ? [] : [.unsafeFlags(["-Osize"], .when(configuration: .release))])
  + linkerRemovableCode
// A product whose values are not copied in bulk: compiled for size, with layout strings.
let compactProductSettings = productSettings + layoutStringWitnesses

// Apple's privacy manifest (`PrivacyInfo.xcprivacy`) of each product that collects data or
// calls a required-reason API: a resource where a host builds for Apple platforms, left out
// elsewhere. A resource makes SwiftPM generate a bundle accessor that imports Foundation:
// on Linux that linked libFoundation, FoundationInternationalization and ICU's data (about
// 53 MB of shared libraries) into example-store, which otherwise links FoundationEssentials
// alone, for a file no Linux host reads. PrivacyManifestTests reads the files from Sources.
#if os(macOS)
  let privacyManifest: (resources: [Resource], exclude: [String]) = (
    [.copy("PrivacyInfo.xcprivacy")], []
  )
#else
  let privacyManifest: (resources: [Resource], exclude: [String]) = (
    [], ["PrivacyInfo.xcprivacy"]
  )
#endif

let package = Package(
  name: "loyalty-sdk",
  // The seed's floor (iOS 17). What needs later systems runs behind availability: task
  // executor preferences (`EventBus.subscribe(on:)`, iOS 18 and macOS 15) are offered
  // where the system has them. Shared flags and counters are `Locked` (a pthread mutex,
  // on every version), not Synchronization's `Atomic` or `Mutex` (iOS 18).
  // scripts/platform-audit fails on a newer API used outside an availability check.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "LoyaltyCore", targets: ["LoyaltyCore"]),
    .library(name: "LoyaltyConformance", targets: ["LoyaltyConformance"]),
    .library(name: "LoyaltyNetwork", targets: ["LoyaltyNetwork"]),
    .library(name: "LoyaltyURLSession", targets: ["LoyaltyURLSession"]),
    .library(name: "LoyaltyStore", targets: ["LoyaltyStore"]),
    .library(name: "LoyaltySecurity", targets: ["LoyaltySecurity"]),
    .library(name: "LoyaltyEvents", targets: ["LoyaltyEvents"]),
    .library(name: "LoyaltyPush", targets: ["LoyaltyPush"]),
    .library(name: "LoyaltyMarket", targets: ["LoyaltyMarket"]),
    .library(name: "LoyaltySandbox", targets: ["LoyaltySandbox"]),
    .executable(name: "loyalty-demo", targets: ["LoyaltyDemo"]),
    .executable(name: "example-core", targets: ["CoreExample"]),
    .executable(name: "example-network", targets: ["NetworkExample"]),
    .executable(name: "example-store", targets: ["StoreExample"]),
    .executable(name: "example-security", targets: ["SecurityExample"]),
    .executable(name: "example-events", targets: ["EventsExample"]),
    .executable(name: "example-push", targets: ["PushExample"]),
    .executable(name: "example-market", targets: ["MarketExample"]),
    .executable(name: "example-custom-transport", targets: ["CustomTransportExample"]),
    // The build-tool plugin hosts apply to a target holding a loyalty.json.
    .plugin(name: "LoyaltyConfigurationPlugin", targets: ["LoyaltyConfigurationPlugin"]),

    // MARK: Flows products (account and payment flows)

    .library(name: "LoyaltyFlows", targets: ["LoyaltyFlows"]),
    .executable(name: "example-flows", targets: ["FlowsExample"]),

    // MARK: Command plugin products (doctor, emulator)

    // lint-format is not among them: it is a development tool of this repository only.
    .plugin(name: "LoyaltyDoctorPlugin", targets: ["LoyaltyDoctorPlugin"]),
    .plugin(name: "LoyaltyEmulatorPlugin", targets: ["LoyaltyEmulatorPlugin"]),

    // MARK: Location products

    .library(name: "LoyaltyLocation", targets: ["LoyaltyLocation"]),
    .executable(name: "example-location", targets: ["LocationExample"]),

    // MARK: Directory products (merchant directory)

    .library(name: "LoyaltyDirectory", targets: ["LoyaltyDirectory"]),
    .executable(name: "example-directory", targets: ["DirectoryExample"]),

    // MARK: Barcode products (codes a till scans)

    .library(name: "LoyaltyBarcode", targets: ["LoyaltyBarcode"]),
    .library(name: "LoyaltyMarketBarcode", targets: ["LoyaltyMarketBarcode"]),
    .executable(name: "example-barcode", targets: ["BarcodeExample"]),

    // MARK: A host linking every shipped product (the size report measures it)

    .executable(name: "example-all-products", targets: ["AllProductsExample"]),
  ],
  // MARK: Directory traits (gift-card providers)

  // Each gift-card provider of LoyaltyDirectory is compiled in by its own trait, both on
  // by default; a host compiles one out with `traits: ["DirectoryProviderCTX"]` (or
  // `--disable-default-traits --traits DirectoryProviderCTX` on the command line). The
  // sources test `#if DirectoryProviderCTX`.
  traits: [
    .trait(name: "DirectoryProviderCTX", description: "CTX gift cards in the merchant directory."),
    .trait(
      name: "DirectoryProviderPiggyCards",
      description: "PiggyCards gift cards in the merchant directory."),
    .default(enabledTraits: ["DirectoryProviderCTX", "DirectoryProviderPiggyCards"]),
  ],
  targets: [
    // MARK: System libraries

    .systemLibrary(
      name: "CLoyaltySQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .systemLibrary(
      name: "CLoyaltyCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    .systemLibrary(
      name: "CLoyaltyZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),

    // MARK: Products

    .target(name: "LoyaltyCore", swiftSettings: productSettings),
    // The contracts of the capability protocols as checks; the HTTP transport's runs
    // against a loopback server it ships, and needs LoyaltyNetwork's gzip for it.
    .target(
      name: "LoyaltyConformance", dependencies: ["LoyaltyCore", "LoyaltyNetwork"],
      swiftSettings: compactProductSettings),
    .target(
      name: "LoyaltySecurity",
      // OpenSSL is the backend only where CryptoKit is not: an Apple build never reads an
      // OpenSSL header (Docs/Apple.md).
      dependencies: [
        "LoyaltyCore",
        .target(
          name: "CLoyaltyCrypto",
          condition: .when(platforms: [.linux, .android, .windows, .wasi, .openbsd])),
      ],
      exclude: privacyManifest.exclude,
      resources: privacyManifest.resources,
      swiftSettings: compactProductSettings
    ),
    .target(
      name: "LoyaltyStore",
      dependencies: ["LoyaltyCore", "CLoyaltySQLite"],
      exclude: privacyManifest.exclude,
      resources: privacyManifest.resources,
      swiftSettings: productSettings
    ),
    .target(
      name: "LoyaltyNetwork",
      dependencies: ["LoyaltyCore", "CLoyaltyZlib"],
      exclude: privacyManifest.exclude,
      resources: privacyManifest.resources,
      swiftSettings: compactProductSettings
    ),
    .target(
      name: "LoyaltyURLSession",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork"],
      swiftSettings: compactProductSettings
    ),
    .target(
      name: "LoyaltyEvents", dependencies: ["LoyaltyCore"], exclude: privacyManifest.exclude,
      resources: privacyManifest.resources, swiftSettings: compactProductSettings),
    .target(
      name: "LoyaltyPush",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork"],
      swiftSettings: compactProductSettings
    ),
    .target(
      name: "LoyaltyMarket",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork"],
      exclude: privacyManifest.exclude,
      resources: privacyManifest.resources,
      swiftSettings: productSettings
    ),
    .target(
      name: "LoyaltySandbox",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork"],
      swiftSettings: compactProductSettings
    ),

    // MARK: Executables

    .executableTarget(
      name: "LoyaltyDemo",
      dependencies: [
        "LoyaltyCore", "LoyaltyNetwork", "LoyaltyURLSession", "LoyaltyStore", "LoyaltySecurity",
        "LoyaltyEvents", "LoyaltyPush", "LoyaltyMarket", "LoyaltySandbox", "LoyaltyLocation",
        "LoyaltyFlows", "LoyaltyDirectory", "LoyaltyBarcode", "LoyaltyMarketBarcode",
      ],
      path: "Examples/LoyaltyDemo",
      swiftSettings: swiftSettings
    ),

    // One example per product, each depending only on what it shows (plus LoyaltySandbox
    // when it needs a backend), so `ldd` on each binary shows what a host linking that
    // product gets. Docs/Examples.md walks through them.
    .executableTarget(
      name: "CoreExample",
      dependencies: ["LoyaltyCore"],
      path: "Examples/CoreExample",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "NetworkExample",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork", "LoyaltySandbox"],
      path: "Examples/NetworkExample",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "StoreExample",
      dependencies: ["LoyaltyCore", "LoyaltyStore"],
      path: "Examples/StoreExample",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "SecurityExample",
      dependencies: ["LoyaltyCore", "LoyaltySecurity"],
      path: "Examples/SecurityExample",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "EventsExample",
      dependencies: ["LoyaltyCore", "LoyaltyEvents"],
      path: "Examples/EventsExample",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "PushExample",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork", "LoyaltyPush", "LoyaltySandbox"],
      path: "Examples/PushExample",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "MarketExample",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork", "LoyaltyMarket", "LoyaltySandbox"],
      path: "Examples/MarketExample",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "CustomTransportExample",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork", "LoyaltySandbox"],
      path: "Examples/CustomTransportExample",
      swiftSettings: swiftSettings
    ),

    // A small executable the tests run as a child process: to race two processes on one
    // key file, or to kill a writer with SIGKILL and check what survived.
    .executableTarget(
      name: "LoyaltyTestHelper",
      dependencies: ["LoyaltyCore", "LoyaltySecurity", "LoyaltyStore", "LoyaltyEvents"],
      path: "Tests/LoyaltyTestHelper",
      swiftSettings: swiftSettings
    ),

    // The fuzz harness over every parser of untrusted bytes; not a product. Built with
    // libFuzzer by Tests/LoyaltyFuzz/fuzz.sh; the ordinary build replays files without it.
    // Docs/Fuzzing.md describes it.
    .executableTarget(
      name: "LoyaltyFuzz",
      dependencies: [
        "LoyaltyCore", "LoyaltyNetwork", "LoyaltyPush", "LoyaltyMarket", "LoyaltySecurity",
        "LoyaltyLocation", "LoyaltyDirectory",
      ],
      path: "Tests/LoyaltyFuzz",
      exclude: ["Corpus", "fuzz.sh"],
      swiftSettings: swiftSettings
    ),

    // MARK: Plugins

    .plugin(
      name: "LintFormat",
      capability: .command(
        intent: .custom(
          verb: "lint-format",
          description: "Runs swift format lint --strict over the package's Swift sources."
        )
      ),
      path: "Plugins/LintFormat"
    ),

    // MARK: Flows (account and payment flows)

    // PIN set, change and forgot, and QR payment as headless state machines. A host that
    // does not list FlowsModule links none of it; it needs LoyaltySecurity for the PIN's
    // RSA encryption.
    .target(
      name: "LoyaltyFlows",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork", "LoyaltySecurity"],
      exclude: privacyManifest.exclude,
      resources: privacyManifest.resources,
      swiftSettings: compactProductSettings
    ),
    .testTarget(
      name: "LoyaltyFlowsTests",
      dependencies: [
        "LoyaltyFlows", "LoyaltyNetwork", "LoyaltyCore", "LoyaltySecurity", "LoyaltySandbox",
        "LoyaltyTestSupport", "LoyaltyConformance", "LoyaltyURLSession",
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "FlowsExample",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork", "LoyaltyFlows", "LoyaltySandbox"],
      path: "Examples/FlowsExample",
      swiftSettings: swiftSettings
    ),

    // MARK: Directory (merchant directory)

    // A synced SQLite snapshot of the merchant directory, searched offline with FTS5. A
    // host that does not list DirectoryModule links none of it; it reuses the store's
    // SQLite wrapper and the network's zlib.
    .target(
      name: "LoyaltyDirectory",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork", "LoyaltyStore"],
      swiftSettings: productSettings
    ),
    .testTarget(
      name: "LoyaltyDirectoryTests",
      dependencies: [
        "LoyaltyDirectory", "LoyaltyNetwork", "LoyaltyCore", "LoyaltyStore", "LoyaltySandbox",
        "LoyaltyConformance", "LoyaltyTestSupport",
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "DirectoryExample",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork", "LoyaltyDirectory", "LoyaltySandbox"],
      path: "Examples/DirectoryExample",
      swiftSettings: swiftSettings
    ),

    // MARK: Barcode (codes a till scans)

    // EAN-13, EAN-8, UPC-A, Code 128 (GS1-128) and QR, drawn as SVG, PNG, PBM or text.
    // It imports no other product: a host that draws no code links none of it, and a host
    // that draws codes links no network or storage for it. PNG is compressed by zlib.
    .target(
      name: "LoyaltyBarcode",
      dependencies: ["CLoyaltyZlib"],
      // At -O, not -Osize: the whole module is the QR encoder's loop, measured against
      // libqrencode (Benchmarks/README.md), and -Osize made it 1.25x slower for 20 KB.
      swiftSettings: swiftSettings + linkerRemovableCode + layoutStringWitnesses
    ),
    .testTarget(
      name: "LoyaltyBarcodeTests",
      dependencies: ["LoyaltyBarcode", "CLoyaltyZlib", "LoyaltyTestSupport"],
      swiftSettings: swiftSettings
    ),
    // A coupon's and a market pass's symbol: the market and the barcode product each stay
    // free of the other, and only a host that draws its coupons links this bridge.
    .target(
      name: "LoyaltyMarketBarcode",
      dependencies: ["LoyaltyBarcode", "LoyaltyMarket"],
      swiftSettings: compactProductSettings
    ),
    .testTarget(
      name: "LoyaltyMarketBarcodeTests",
      dependencies: [
        "LoyaltyMarketBarcode", "LoyaltyBarcode", "LoyaltyMarket", "LoyaltyCore",
        "LoyaltySandbox", "LoyaltyTestSupport",
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "BarcodeExample",
      dependencies: ["LoyaltyBarcode"],
      path: "Examples/BarcodeExample",
      swiftSettings: swiftSettings
    ),

    // MARK: Configuration plugin

    // LoyaltyConfigurationPlugin validates a host target's loyalty.json at build time and
    // generates `LoyaltyConfiguration.bundled()`; its tool links only LoyaltyCore. The
    // logic is a library of its own so its tests need not run the executable.
    .target(
      name: "LoyaltyConfigurationGenerator",
      dependencies: ["LoyaltyCore"],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "LoyaltyConfigurationTool",
      dependencies: ["LoyaltyConfigurationGenerator"],
      swiftSettings: swiftSettings
    ),
    .plugin(
      name: "LoyaltyConfigurationPlugin",
      capability: .buildTool(),
      dependencies: ["LoyaltyConfigurationTool"],
      path: "Plugins/LoyaltyConfigurationPlugin"
    ),
    .testTarget(
      name: "LoyaltyConfigurationGeneratorTests",
      dependencies: ["LoyaltyConfigurationGenerator", "LoyaltyCore"],
      swiftSettings: swiftSettings
    ),

    // MARK: Doctor and emulator command plugins

    // `swift package loyalty-doctor`: the checks live in LoyaltyDoctorKit (unit-tested,
    // not a product); the LoyaltyDoctor tool links the products whose system libraries
    // it reports. Docs/Plugins.md describes both plugins.
    .target(
      name: "LoyaltyDoctorKit",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork"],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "LoyaltyDoctor",
      dependencies: [
        "LoyaltyDoctorKit", "LoyaltyCore", "LoyaltyStore", "LoyaltySecurity", "LoyaltyNetwork",
        "LoyaltyURLSession",
      ],
      swiftSettings: swiftSettings
    ),
    .plugin(
      name: "LoyaltyDoctorPlugin",
      capability: .command(
        intent: .custom(
          verb: "loyalty-doctor",
          description:
            "Checks loyalty.json, the system libraries, the backend, the clock and the data "
            + "directory."
        ),
        permissions: [
          .allowNetworkConnections(
            scope: .all(ports: []),
            reason: "The doctor checks that the backend's base URL answers and reads its clock."
          )
        ]
      ),
      dependencies: ["LoyaltyDoctor"],
      path: "Plugins/LoyaltyDoctorPlugin"
    ),
    .plugin(
      name: "LoyaltyEmulatorPlugin",
      capability: .command(
        intent: .custom(
          verb: "loyalty-emulator",
          description: "Builds and starts the loyalty emulator (the sandbox backend over HTTP)."
        ),
        permissions: [
          .allowNetworkConnections(
            scope: .all(ports: []),
            reason:
              "The emulator listens on a port of 127.0.0.1; its first build fetches its "
              + "dependencies."
          )
        ]
      ),
      path: "Plugins/LoyaltyEmulatorPlugin"
    ),
    .testTarget(
      name: "LoyaltyDoctorKitTests",
      dependencies: ["LoyaltyDoctorKit", "LoyaltyCore"],
      exclude: ["Fixtures"],
      swiftSettings: swiftSettings
    ),

    // MARK: Location (geofencing)

    // Geofenced merchant notifications: a host that does not list LocationModule links
    // none of it. Docs/Architecture.md, "Location", says why it is a product of its own.
    .target(
      name: "LoyaltyLocation",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork"],
      swiftSettings: compactProductSettings
    ),
    .executableTarget(
      name: "LocationExample",
      dependencies: ["LoyaltyCore", "LoyaltyNetwork", "LoyaltyLocation", "LoyaltySandbox"],
      path: "Examples/LocationExample",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyLocationTests",
      dependencies: [
        "LoyaltyLocation", "LoyaltyCore", "LoyaltyNetwork", "LoyaltyConformance", "LoyaltyStore",
        "LoyaltySandbox", "LoyaltyPush", "LoyaltyEvents", "LoyaltyTestSupport",
      ],
      swiftSettings: swiftSettings
    ),

    // MARK: Tests

    .testTarget(
      name: "LoyaltyCoreTests",
      dependencies: ["LoyaltyCore", "LoyaltyConformance", "LoyaltyTestSupport"],
      swiftSettings: swiftSettings
    ),
    // What several test targets share; not a product.
    .target(
      name: "LoyaltyTestSupport",
      dependencies: ["LoyaltyCore"],
      path: "Tests/LoyaltyTestSupport",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltySecurityTests",
      dependencies: [
        "LoyaltySecurity", "LoyaltyCore", "LoyaltyConformance", "LoyaltyTestHelper",
        "LoyaltyTestSupport",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyStoreTests",
      dependencies: [
        "LoyaltyStore", "LoyaltySecurity", "LoyaltyCore", "LoyaltyConformance", "LoyaltyTestHelper",
        "LoyaltyTestSupport",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyNetworkTests",
      dependencies: ["LoyaltyNetwork", "LoyaltyCore", "LoyaltySandbox", "LoyaltyTestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyURLSessionTests",
      dependencies: [
        "LoyaltyURLSession", "LoyaltyNetwork", "LoyaltyCore", "LoyaltyEvents", "LoyaltyConformance",
        "LoyaltyTestSupport",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyEventsTests",
      dependencies: [
        "LoyaltyEvents", "LoyaltyCore", "LoyaltyNetwork", "LoyaltyStore", "LoyaltyTestHelper",
        "LoyaltySandbox", "LoyaltyTestSupport",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyPushTests",
      dependencies: ["LoyaltyPush", "LoyaltyNetwork", "LoyaltyCore"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltyMarketTests",
      dependencies: [
        "LoyaltyMarket", "LoyaltyNetwork", "LoyaltyCore", "LoyaltySandbox", "LoyaltyEvents",
        "LoyaltyStore", "LoyaltySecurity", "LoyaltyTestSupport",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LoyaltySandboxTests",
      dependencies: ["LoyaltySandbox", "LoyaltyNetwork", "LoyaltyCore", "LoyaltyTestSupport"],
      swiftSettings: swiftSettings
    ),
    // The privacy switches end to end: a client over URLSession to a loopback server
    // serving the sandbox, the bytes of the data directory, a kill between the setter
    // and the next start.
    .testTarget(
      name: "LoyaltyPrivacyTests",
      dependencies: [
        "LoyaltyCore", "LoyaltyConformance", "LoyaltyNetwork", "LoyaltyURLSession",
        "LoyaltyStore", "LoyaltyEvents", "LoyaltyMarket", "LoyaltySandbox", "LoyaltyLocation",
        "LoyaltyPush", "LoyaltySecurity", "LoyaltyTestHelper", "LoyaltyTestSupport",
      ],
      swiftSettings: swiftSettings
    ),
    // Every ```swift block of README.md, Docs and the doc comments, compiled in Snippets/
    // and checked to appear there verbatim; the README, "Development", says how.
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "LoyaltyCore", "LoyaltyNetwork", "LoyaltyURLSession", "LoyaltyStore", "LoyaltySecurity",
        "LoyaltyEvents", "LoyaltyPush", "LoyaltyMarket", "LoyaltySandbox", "LoyaltyLocation",
        "LoyaltyFlows", "LoyaltyDirectory", "LoyaltyConformance", "LoyaltyBarcode",
        "LoyaltyMarketBarcode",
      ],
      swiftSettings: swiftSettings
    ),
    // Every shipped product and nothing else: what the whole SDK adds to a host
    // (scripts/size-report.sh). The sandbox and the tools are not among them.
    .executableTarget(
      name: "AllProductsExample",
      dependencies: [
        "LoyaltyCore", "LoyaltyNetwork", "LoyaltyURLSession", "LoyaltyStore", "LoyaltySecurity",
        "LoyaltyEvents", "LoyaltyPush", "LoyaltyMarket", "LoyaltyLocation", "LoyaltyFlows",
        "LoyaltyDirectory", "LoyaltyBarcode", "LoyaltyMarketBarcode",
      ],
      path: "Examples/AllProductsExample",
      swiftSettings: swiftSettings
    ),
    // Runs each example binary as a child process; depending on the executables makes
    // `swift test` build them.
    .testTarget(
      name: "ExamplesTests",
      dependencies: [
        "AllProductsExample",
        "CoreExample", "NetworkExample", "StoreExample", "SecurityExample", "EventsExample",
        "PushExample", "MarketExample", "CustomTransportExample", "LoyaltyTestSupport",
        "LocationExample", "FlowsExample", "DirectoryExample", "LoyaltyDemo", "BarcodeExample",
      ],
      swiftSettings: swiftSettings
    ),
  ]
)
