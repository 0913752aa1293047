import Foundation
import PlatformAuditKit
import SwiftIfConfig
import Testing

/// Reading `swift package dump-package` as SwiftPM 6.3 shapes it.
@Suite struct PackageDumpTests {
  /// A dump as SwiftPM 6.3 prints it, cut down to what the audit reads.
  private static let json = """
    {
      "name": "shape",
      "platforms": [
        {"options": [], "platformName": "ios", "version": "17.0"},
        {"options": [], "platformName": "macos", "version": "14.0"}
      ],
      "traits": [
        {"description": "d", "enabledTraits": ["B"], "name": "default"},
        {"description": "b", "enabledTraits": ["C"], "name": "B"},
        {"description": "c", "enabledTraits": [], "name": "C"}
      ],
      "targets": [
        {"dependencies": [], "exclude": [], "name": "CZlib", "pkgConfig": "zlib",
         "settings": [], "type": "system"},
        {"dependencies": [
            {"target": ["CZlib", {"platformNames": ["linux"]}]},
            {"byName": ["my-dep", {"platformNames": ["ios", "macos"]}]},
            {"product": ["Logging", "swift-log", null, {"platformNames": ["linux"]}]},
            {"byName": ["Core", null]}
          ],
         "exclude": [], "name": "App", "packageAccess": true, "resources": [],
         "settings": [
           {"condition": {"platformNames": ["linux"]}, "kind": {"define": {"_0": "MY_FLAG"}},
            "tool": "swift"},
           {"kind": {"define": {"_0": "ALL=1"}}, "tool": "swift"},
           {"kind": {"enableUpcomingFeature": {"_0": "ExistentialAny"}}, "tool": "swift"}
         ],
         "type": "regular"},
        {"dependencies": [], "exclude": [], "name": "Demo", "path": "Examples/Demo",
         "settings": [], "type": "executable"}
      ]
    }
    """

  @Test func floorsTargetsAndTraitsAreRead() throws {
    let dump = try PackageDump(json: Data(Self.json.utf8))
    #expect(dump.floor(of: .iOS) == VersionTuple(17, 0))
    #expect(dump.floor(of: .macOS) == VersionTuple(14, 0))
    #expect(dump.floor(of: .visionOS) == VersionTuple(1, 0))
    #expect(dump.floor(of: .linux) == nil)
    #expect(dump.enabledTraits == ["B", "C"])
    #expect(dump.sourceTargets.map(\.name) == ["CZlib", "App"])
    #expect(dump.targets.map(\.path) == ["Sources/CZlib", "Sources/App", "Examples/Demo"])
  }

  @Test func dependenciesAndDefinesFollowTheirConditions() throws {
    let dump = try PackageDump(json: Data(Self.json.utf8))
    let app = try #require(dump.targets.first { $0.name == "App" })
    #expect(app.dependencyModules(on: .linux, enabledTraits: []) == ["CZlib", "Logging", "Core"])
    #expect(app.dependencyModules(on: .iOS, enabledTraits: []) == ["my_dep", "Core"])
    #expect(app.dependencyModules(on: .tvOS, enabledTraits: []) == ["Core"])
    #expect(app.definedConditions(on: .linux, enabledTraits: []) == ["MY_FLAG", "ALL"])
    #expect(app.definedConditions(on: .macOS, enabledTraits: []) == ["ALL"])
    let configuration = PlatformConfiguration(target: app, platform: .linux, enabledTraits: [])
    #expect(configuration.hasFeature(name: "ExistentialAny"))
    #expect(!configuration.hasFeature(name: "SomethingElse"))
  }

  @Test func aDumpThatIsNotOneIsAnError() {
    #expect(throws: AuditError.self) { try PackageDump(json: Data("[1]".utf8)) }
    #expect(throws: AuditError.self) { try PackageDump(json: Data("not json".utf8)) }
  }
}
