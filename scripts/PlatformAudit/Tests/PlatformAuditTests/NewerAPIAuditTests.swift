import Foundation
import PlatformAuditKit
import Testing

/// The APIs newer than the floor, found where nothing makes them available.
@Suite struct NewerAPIAuditTests {
  /// The floors that need nothing of Atomic: iOS 18, macOS 15, tvOS 18, watchOS 11,
  /// visionOS 2.
  private static let swift6Floors = [
    ("ios", "18.0"), ("macos", "15.0"), ("tvos", "18.0"), ("watchos", "11.0"),
    ("visionos", "2.0"),
  ]

  /// A package of one target, `Core`, holding `source`, with the floors of ``FakePackage``
  /// (iOS 17) unless `platforms` is given.
  private func package(
    _ source: String, platforms: [(String, String)]? = nil
  ) throws -> FakePackage {
    var package = try FakePackage()
    if let platforms {
      package.platforms = platforms
    }
    package.addTarget("Core", dependencies: [FakePackage.byName("Synchronization")])
    try package.write("Sources/Core/Counter.swift", source)
    return package
  }

  @Test func atomicBelowTheFloorFailsOnEveryApplePlatform() throws {
    let package = try package("import Synchronization\n\nlet x = Atomic<Int>(0)\n")
    defer { package.remove() }
    let findings = try package.audit().findings
    #expect(Set(findings.map(\.platform)) == FakePackage.applePlatforms)
    #expect(findings.count == 5)
    #expect(
      findings.first?.description
        == "Sources/Core/Counter.swift:3: iOS: 'Atomic' needs iOS 18.0, but module Core has the "
        + "floor iOS 17.0 and no #available or @available covers it")
  }

  @Test func atomicPassesWithTheFloorAtItsIntroduction() throws {
    let package = try package("let x = Atomic<Int>(0)\n", platforms: Self.swift6Floors)
    defer { package.remove() }
    #expect(try package.audit().findings.isEmpty)
  }

  @Test func aFloorOneStepBelowTheIntroductionFails() throws {
    let floors = [("ios", "17.6"), ("macos", "14.9"), ("tvos", "18.0"), ("watchos", "11.0")]
    let package = try package("let x = Atomic(0)\n", platforms: floors + [("visionos", "2")])
    defer { package.remove() }
    #expect(try package.failingPlatforms() == [.iOS, .macOS])
  }

  @Test func anIfAvailableListingEveryPlatformCoversTheUse() throws {
    let source = """
      func make() {
        if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *) {
          let x = Atomic<Int>(0)
          _ = x
        }
      }
      """
    // iOS 17, macOS 14, tvOS 17, watchOS 10; visionOS, which `*` stands for, at 2.
    let floors = [
      ("ios", "17.0"), ("macos", "14.0"), ("tvos", "17.0"), ("watchos", "10.0"),
      ("visionos", "2.0"),
    ]
    let package = try package(source, platforms: floors)
    defer { package.remove() }
    #expect(try package.audit().findings.isEmpty)
  }

  @Test func anIfAvailableCoversOnlyWhatItListsAtTheVersion() throws {
    let source = """
      func make() {
        if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *) {
          _ = Atomic<Int>(0)
        } else {
          _ = Atomic<Int>(0)
        }
        if #available(iOS 17.9, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
          _ = Atomic<Int>(0)
        }
      }
      """
    let package = try package(source)
    defer { package.remove() }
    let findings = try package.audit().findings
    #expect(Set(findings.filter { $0.line == 3 }.map(\.platform)) == [.visionOS])
    #expect(Set(findings.filter { $0.line == 5 }.map(\.platform)) == FakePackage.applePlatforms)
    #expect(Set(findings.filter { $0.line == 8 }.map(\.platform)) == [.iOS])
  }

  @Test func aTypeMarkedAvailableCoversItsMembers() throws {
    let source = """
      @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
      final class Counter {
        private let count = Atomic<Int>(0)
        func run(on executor: any TaskExecutor) async {
          await withTaskExecutorPreference(executor) {}
        }
      }

      @available(macOS, introduced: 15)
      extension Counter {
        static let global = Mutex(0)
      }
      """
    let package = try package(source)
    defer { package.remove() }
    let findings = try package.audit().findings
    #expect(findings.filter { $0.line < 9 }.isEmpty)
    #expect(Set(findings.map(\.platform)) == [.iOS, .tvOS, .watchOS, .visionOS])
  }

  @Test func aGuardAvailableCoversWhatFollowsIt() throws {
    let source = """
      func make() {
        _ = WordPair(first: 0, second: 0)
        guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        _ = WordPair(first: 0, second: 0)
      }
      """
    let package = try package(source)
    defer { package.remove() }
    let findings = try package.audit().findings
    #expect(Set(findings.map(\.line)) == [2])
  }

  @Test func qualifiedNamesCountAndCommentsStringsAndMembersDoNot() throws {
    let source = """
      // Atomic<Int> is not used here.
      let text = "Atomic<Int>(0)"
      let a: Synchronization.Atomic<Int>
      let b = Synchronization.Mutex(0)
      let c = value.Atomic
      let d = _Concurrency.globalConcurrentExecutor
      let e: Atomic<Int> = Atomic(0)
      """
    let package = try package(source)
    defer { package.remove() }
    let findings = try package.audit().findings
    #expect(Set(findings.map(\.line)) == [3, 4, 6, 7])
    // One finding per line and platform, though line 7 names Atomic twice.
    #expect(findings.count == 4 * FakePackage.applePlatforms.count)
  }

  @Test func linuxHasNoFloorAndInactiveCodeIsNotRead() throws {
    let source = """
      #if os(Linux)
        let x = Atomic<Int>(0)
      #endif
      #if canImport(CryptoKit)
      #else
        let y = Mutex(0)
      #endif
      """
    let package = try package(source)
    defer { package.remove() }
    #expect(try package.audit().findings.isEmpty)
  }
}
