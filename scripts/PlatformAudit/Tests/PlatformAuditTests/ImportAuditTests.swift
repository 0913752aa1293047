import Foundation
import PlatformAuditKit
import Testing

/// The imports the audit checks, evaluated per platform in fake packages.
@Suite struct ImportAuditTests {
  /// A package whose `Security` target depends on `Core` everywhere and on the C module
  /// `CCrypto` on Linux only, like LoyaltySecurity and CLoyaltyCrypto.
  private func securityPackage() throws -> FakePackage {
    var package = try FakePackage()
    package.addTarget("Core")
    package.addTarget("CCrypto", type: "system")
    package.addTarget(
      "Security",
      dependencies: [
        FakePackage.byName("Core"), FakePackage.target("CCrypto", platforms: ["linux"]),
      ])
    return package
  }

  @Test func aCleanFilePasses() throws {
    let package = try securityPackage()
    defer { package.remove() }
    try package.write("Sources/Core/Core.swift", "public struct Core {}\n")
    try package.write(
      "Sources/Security/Cipher.swift",
      """
      import Foundation
      public import Core
      #if canImport(Darwin)
        import Darwin
      #elseif canImport(Glibc)
        import Glibc
      #endif

      struct Cipher {}
      """)
    let report = try package.audit()
    #expect(report.findings.isEmpty)
    #expect(report.fileCount == 2)
    #expect(report.summary == "platform-audit: 2 files, 6 platforms, 0 findings")
  }

  @Test func aStrayImportFailsOnEveryApplePlatformAndPassesOnLinux() throws {
    let package = try securityPackage()
    defer { package.remove() }
    try package.write("Sources/Security/Cipher/AESGCM.swift", "import CCrypto\n")
    let findings = try package.audit().findings
    #expect(Set(findings.map(\.platform)) == FakePackage.applePlatforms)
    #expect(findings.count == 5)
    #expect(
      findings.first?.description
        == "Sources/Security/Cipher/AESGCM.swift:1: iOS: import of 'CCrypto', which target "
        + "Security does not have on iOS")
  }

  @Test func anImportBehindNotCanImportCryptoKitPassesEverywhere() throws {
    let package = try securityPackage()
    defer { package.remove() }
    try package.write(
      "Sources/Security/OpenSSL.swift",
      """
      #if !canImport(CryptoKit)
        import CCrypto
      #endif
      """)
    #expect(try package.audit().findings.isEmpty)
  }

  @Test func uiKitFailsOnLinuxAndMacOSButNotOnIOS() throws {
    var package = try FakePackage()
    defer { package.remove() }
    package.addTarget("Views")
    try package.write("Sources/Views/View.swift", "// a view\n\nimport UIKit\n")
    let findings = try package.audit().findings
    #expect(Set(findings.map(\.platform)) == [.macOS, .watchOS, .linux])
    #expect(findings.allSatisfy { $0.line == 3 })
  }

  @Test func everyFormOfImportIsChecked() throws {
    var package = try FakePackage()
    defer { package.remove() }
    package.addTarget("App")
    try package.write(
      "Sources/App/Imports.swift",
      """
      @testable import Missing1
      @preconcurrency import Missing2
      public import Missing3
      private import Missing4
      import Missing5.Submodule
      import struct Missing6.Thing
      @_exported import Missing7
      import Foundation.NSString
      """)
    let linux = try package.audit().findings.filter { $0.platform == .linux }
    #expect(linux.map(\.line) == [1, 2, 3, 4, 5, 6, 7])
    #expect(
      linux.map(\.kind) == (1...7).map { .strayImport(module: "Missing\($0)", target: "App") })
  }

  @Test func aDefineForLinuxOnlyEnablesItsRegionOnLinuxOnly() throws {
    var package = try FakePackage()
    defer { package.remove() }
    package.addTarget("App", settings: [FakePackage.define("MY_FLAG", platforms: ["linux"])])
    package.addTarget("Other")
    let file = """
      #if MY_FLAG
        import Missing
      #endif
      """
    try package.write("Sources/App/Flagged.swift", file)
    try package.write("Sources/Other/Flagged.swift", file)
    let findings = try package.audit().findings
    #expect(findings.map(\.platform) == [.linux])
    #expect(findings.map(\.file) == ["Sources/App/Flagged.swift"])
  }

  @Test func canImportOfADependencyHoldsWhereTheTargetHasIt() throws {
    var package = try FakePackage()
    defer { package.remove() }
    package.addTarget("Helpers")
    package.addTarget("App", dependencies: [FakePackage.byName("Helpers", platforms: ["ios"])])
    try package.write(
      "Sources/App/Bridge.swift",
      """
      #if canImport(Helpers)
        import Helpers
      #else
        import Glibc
      #endif
      """)
    // Helpers on iOS, Glibc on Linux; the other Apple platforms take the Glibc branch.
    #expect(try package.failingPlatforms() == [.macOS, .tvOS, .watchOS, .visionOS])
  }

  @Test func aProductDependencyGivesItsNameAsAModule() throws {
    var package = try FakePackage()
    defer { package.remove() }
    package.addTarget(
      "App",
      dependencies: [FakePackage.product("Logging", package: "swift-log", platforms: ["linux"])])
    try package.write("Sources/App/Log.swift", "import Logging\n")
    #expect(try package.failingPlatforms() == FakePackage.applePlatforms)
  }

  @Test func aDefaultTraitIsACustomCondition() throws {
    var package = try FakePackage()
    defer { package.remove() }
    package.traits = [
      ["name": "default", "enabledTraits": ["ProviderA"]],
      ["name": "ProviderA", "enabledTraits": []],
      ["name": "ProviderB", "enabledTraits": []],
    ]
    package.addTarget("App")
    try package.write(
      "Sources/App/Providers.swift",
      """
      #if ProviderA
        import MissingA
      #endif
      #if ProviderB
        import MissingB
      #endif
      """)
    let modules = Set(try package.audit().findings.map(\.kind))
    #expect(modules == [.strayImport(module: "MissingA", target: "App")])
  }

  @Test func onlyTargetsUnderSourcesAreReadAndExcludedFilesAreNot() throws {
    var package = try FakePackage()
    defer { package.remove() }
    package.addTarget("App", exclude: ["Generated"])
    package.addTarget("AppTests", type: "test")
    package.addTarget("Example", type: "executable", path: "Examples/Example")
    package.addTarget("Tool", type: "executable", path: "Sources/Tools/Tool")
    try package.write("Sources/App/Generated/Stray.swift", "import Missing\n")
    try package.write("Sources/App/README.md", "import Missing\n")
    try package.write("Tests/AppTests/Stray.swift", "import Missing\n")
    try package.write("Examples/Example/main.swift", "import Missing\n")
    try package.write("Sources/Tools/Tool/main.swift", "import Missing\n")
    let report = try package.audit()
    #expect(report.fileCount == 1)
    #expect(Set(report.findings.map(\.file)) == ["Sources/Tools/Tool/main.swift"])
  }
}
