import Foundation
import LoyaltyCore

/// Records what modules did, in order, across one test.
final class Journal: Sendable {
  private let entries = Locked<[String]>([])

  func record(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
  func filtered(_ prefix: String) -> [String] {
    all.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
  }
}

/// A value capability for registry tests.
struct Greeter: Sendable {
  let greeting: String
}

extension CapabilityKey where Value == Greeter {
  static var greeter: Self {
    Self("test.greeter", summary: "a greeter", providedBy: "GreeterModule() from LoyaltyGreeting")
  }
}

extension CapabilityKey where Value == Int {
  static var counter: Self {
    Self("test.counter", summary: "a counter", providedBy: "CounterModule() from LoyaltyCounting")
  }
  static var cycleA: Self { Self("test.cycle-a", summary: "cycle A") }
  static var cycleB: Self { Self("test.cycle-b", summary: "cycle B") }
}

/// A configurable module that records its lifecycle in a journal.
struct TestModule: LoyaltyModule {
  let name: String
  var product = "LoyaltyTest"
  var requires: [AnyCapabilityKey] = []
  var optionallyUses: [AnyCapabilityKey] = []
  var journal: Journal
  var failOnStart = false
  var registration: @Sendable (CapabilityRegistrar<Void>) -> Void = { _ in }
  var onStart: @Sendable (ModuleContext) throws -> Void = { _ in }

  var identifier: ModuleIdentifier { ModuleIdentifier(product: product, name: name) }

  func register(in registrar: CapabilityRegistrar<Void>) throws {
    registration(registrar)
  }

  func start(_ context: ModuleContext) async throws {
    journal.record("start:\(name)")
    if failOnStart {
      throw TestFailure(message: "\(name) refused to start")
    }
    try onStart(context)
  }

  func shutdown(_: Void, context: ModuleContext) async {
    journal.record("shutdown:\(name)")
  }
}

/// A count that a ``TallyModule`` starts per client.
final class Tally: Sendable {
  let id: Int
  private let value = Locked(0)

  init(id: Int) { self.id = id }

  var count: Int { value.withLock { $0 } }
  func add(_ amount: Int) { value.withLock { $0 += amount } }
}

extension CapabilityKey where Value == Tally {
  static var tally: Self {
    Self("test.tally", summary: "a tally", providedBy: "TallyModule() from LoyaltyTally")
  }
}

/// A module whose instance, a ``Tally``, is what it provides; it numbers the tallies it
/// starts and records each one it shuts down.
struct TallyModule: LoyaltyModule {
  let journal: Journal
  /// Numbers the tallies; shared by the clients this value starts, which is what a test
  /// of per-client instances needs to tell them apart.
  private let started = Tally(id: 0)

  init(journal: Journal) { self.journal = journal }

  var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyTally", name: "TallyModule")
  }

  func register(in registrar: CapabilityRegistrar<Tally>) throws {
    registrar.provide(.tally) { tally, _ in tally }
  }

  func start(_ context: ModuleContext) async throws -> Tally {
    started.add(1)
    return Tally(id: started.count)
  }

  func shutdown(_ tally: Tally, context: ModuleContext) async {
    journal.record("shutdown:tally-\(tally.id)")
  }
}

struct TestFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

enum Fixtures {
  static func configuration(
    preset: LoyaltyConfiguration.Preset = .testing
  ) -> LoyaltyConfiguration {
    LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "merchant-42",
      apiKey: "api-key-that-must-stay-secret",
      bundleID: "com.example.loyalty",
      environment: .development,
      language: "en",
      preset: preset)
  }

  /// A provider of `.greeter` and a consumer that requires it.
  static func providerAndConsumer(_ journal: Journal) -> (TestModule, TestModule) {
    let provider = TestModule(
      name: "GreeterModule", product: "LoyaltyGreeting",
      journal: journal,
      registration: { $0.provide(.greeter, value: Greeter(greeting: "hello")) })
    let consumer = TestModule(
      name: "ConsumerModule", product: "LoyaltyConsumer",
      requires: [CapabilityKey.greeter.erased], journal: journal)
    return (provider, consumer)
  }
}

/// Expects `body` to throw a ``LoyaltyError`` with `code`, and returns it.
func expectLoyaltyError(
  _ code: LoyaltyError.Code,
  _ body: () async throws -> Void
) async throws -> LoyaltyError {
  do {
    try await body()
  } catch let error as LoyaltyError {
    guard error.code == code else {
      throw TestFailure(message: "expected \(code), got \(error)")
    }
    return error
  }
  throw TestFailure(message: "expected \(code), nothing was thrown")
}
