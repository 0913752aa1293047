import Foundation
import LoyaltyCore
import Testing

@Suite("LoyaltyClient: registry and lifecycle")
struct LoyaltyClientTests {
  @Test("modules start in dependency order whatever order they are listed in")
  func startOrderIndependentOfListing() async throws {
    for reversed in [false, true] {
      let journal = Journal()
      let (provider, consumer) = Fixtures.providerAndConsumer(journal)
      let modules: [any LoyaltyModule] = reversed ? [consumer, provider] : [provider, consumer]
      let client = try await LoyaltyClient.start(Fixtures.configuration(), modules: modules)
      #expect(journal.filtered("start:") == ["GreeterModule", "ConsumerModule"])
      #expect(client.modules.map(\.name) == ["GreeterModule", "ConsumerModule"])
      await client.shutdown()
    }
  }

  @Test("optional uses also order providers first; unrelated modules keep listing order")
  func optionalUsesOrder() async throws {
    let journal = Journal()
    let (provider, _) = Fixtures.providerAndConsumer(journal)
    let user = TestModule(
      name: "UserModule", optionallyUses: [CapabilityKey.greeter.erased], journal: journal)
    let bystander = TestModule(name: "Bystander", journal: journal)
    let client = try await LoyaltyClient.start(
      Fixtures.configuration(), modules: [bystander, user, provider])
    #expect(journal.filtered("start:") == ["Bystander", "GreeterModule", "UserModule"])
    await client.shutdown()
  }

  @Test("shutdown runs in reverse start order, once")
  func reverseShutdown() async throws {
    let journal = Journal()
    let (provider, consumer) = Fixtures.providerAndConsumer(journal)
    let third = TestModule(
      name: "Third", requires: [CapabilityKey.greeter.erased], journal: journal)
    let client = try await LoyaltyClient.start(
      Fixtures.configuration(), modules: [third, consumer, provider])
    await client.shutdown()
    await client.shutdown()
    #expect(journal.filtered("start:") == ["GreeterModule", "Third", "ConsumerModule"])
    #expect(journal.filtered("shutdown:") == ["ConsumerModule", "Third", "GreeterModule"])
    #expect(!client.isRunning)
    let error = try await expectLoyaltyError(.clientShutDown) {
      _ = try client.resolve(.greeter)
    }
    #expect(error.category == .registry)
  }

  @Test("a missing requirement fails at start and names the product to add")
  func missingRequirementNamesProduct() async throws {
    let journal = Journal()
    let (_, consumer) = Fixtures.providerAndConsumer(journal)
    let error = try await expectLoyaltyError(.missingRequirement) {
      _ = try await LoyaltyClient.start(Fixtures.configuration(), modules: [consumer])
    }
    #expect(
      error.message == "LoyaltyConsumer requires a greeter: add GreeterModule() from "
        + "LoyaltyGreeting.")
    #expect(error.recoverySuggestion?.contains("GreeterModule()") == true)
    #expect(journal.all.isEmpty, "nothing starts when the graph is incomplete")
  }

  @Test("a requirement satisfied by an override needs no module")
  func overrideSatisfiesRequirement() async throws {
    let journal = Journal()
    let (_, consumer) = Fixtures.providerAndConsumer(journal)
    var overrides = CapabilityOverrides()
    overrides.override(.greeter, with: Greeter(greeting: "from host"))
    let client = try await LoyaltyClient.start(
      Fixtures.configuration(), modules: [consumer], overrides: overrides)
    #expect(try client.resolve(.greeter).greeting == "from host")
    #expect(client.source(of: .greeter) == .override)
    await client.shutdown()
  }

  @Test("two modules providing one capability is an error; an override replaces one")
  func duplicateVersusOverride() async throws {
    let journal = Journal()
    let (provider, _) = Fixtures.providerAndConsumer(journal)
    let twin = TestModule(
      name: "TwinGreeterModule", journal: journal,
      registration: { $0.provide(.greeter, value: Greeter(greeting: "twin")) })
    let duplicate = try await expectLoyaltyError(.duplicateCapability) {
      _ = try await LoyaltyClient.start(Fixtures.configuration(), modules: [provider, twin])
    }
    #expect(duplicate.message.contains("GreeterModule"))
    #expect(duplicate.message.contains("TwinGreeterModule"))

    let client = try await LoyaltyClient.start(
      Fixtures.configuration(), modules: [provider],
      overrides: CapabilityOverrides().overriding(.greeter, with: Greeter(greeting: "mine")))
    #expect(try client.resolve(.greeter).greeting == "mine")
    await client.shutdown()

    var twice = CapabilityOverrides()
    twice.override(.greeter, with: Greeter(greeting: "a"))
    twice.override(.greeter, with: Greeter(greeting: "b"))
    _ = try await expectLoyaltyError(.duplicateCapability) {
      _ = try await LoyaltyClient.start(
        Fixtures.configuration(), modules: [provider], overrides: twice)
    }
  }

  @Test("the same module listed twice is an error")
  func duplicateModule() async throws {
    let journal = Journal()
    let module = TestModule(name: "Once", journal: journal)
    let other = TestModule(name: "Other", journal: journal)
    _ = try await expectLoyaltyError(.duplicateModule) {
      _ = try await LoyaltyClient.start(Fixtures.configuration(), modules: [module, module])
    }
    // Apart in the list, and the last one listed.
    let apart = try await expectLoyaltyError(.duplicateModule) {
      _ = try await LoyaltyClient.start(
        Fixtures.configuration(), modules: [other, module, other])
    }
    #expect(apart.message.hasPrefix("Other is listed twice"))
    let client = try await LoyaltyClient.start(
      Fixtures.configuration(), modules: [module, other])
    await client.shutdown()
  }

  @Test("a module that fails to start shuts down those already started, in reverse")
  func failureDuringStart() async throws {
    let journal = Journal()
    let (provider, consumer) = Fixtures.providerAndConsumer(journal)
    let middle = TestModule(
      name: "Middle", requires: [CapabilityKey.greeter.erased], journal: journal)
    var failing = consumer
    failing.failOnStart = true
    failing.requires = [CapabilityKey.greeter.erased]
    let error = try await expectLoyaltyError(.moduleStartFailed) {
      _ = try await LoyaltyClient.start(
        Fixtures.configuration(), modules: [middle, failing, provider])
    }
    #expect(error.message.contains("ConsumerModule"))
    #expect(error.metadata["module"] == "LoyaltyConsumer.ConsumerModule")
    #expect(error.underlyingDescription?.contains("refused to start") == true)
    #expect(
      journal.all == [
        "start:GreeterModule", "start:Middle", "start:ConsumerModule",
        "shutdown:Middle", "shutdown:GreeterModule",
      ])
  }

  @Test("modules depending on each other in a cycle are rejected")
  func moduleCycle() async throws {
    let journal = Journal()
    let first = TestModule(
      name: "First", requires: [CapabilityKey.cycleB.erased], journal: journal,
      registration: { $0.provide(.cycleA, value: 1) })
    let second = TestModule(
      name: "Second", requires: [CapabilityKey.cycleA.erased], journal: journal,
      registration: { $0.provide(.cycleB, value: 2) })
    let error = try await expectLoyaltyError(.dependencyCycle) {
      _ = try await LoyaltyClient.start(Fixtures.configuration(), modules: [first, second])
    }
    #expect(error.message.contains("First") && error.message.contains("Second"))
  }

  @Test("optional uses that form a cycle give way; required edges still order")
  func optionalCyclesGiveWay() async throws {
    let journal = Journal()
    let first = TestModule(
      name: "First", optionallyUses: [CapabilityKey.cycleB.erased], journal: journal,
      registration: { $0.provide(.cycleA, value: 1) })
    let second = TestModule(
      name: "Second", requires: [CapabilityKey.cycleA.erased], journal: journal,
      registration: { $0.provide(.cycleB, value: 2) })
    let client = try await LoyaltyClient.start(
      Fixtures.configuration(), modules: [second, first])
    #expect(journal.filtered("start:") == ["First", "Second"])
    #expect(try client.resolve(.cycleB) == 2)
    await client.shutdown()
  }

  @Test("registering is declaring: the graph learns what a module provides from it")
  func registrationDeclares() async throws {
    let journal = Journal()
    let provider = TestModule(
      name: "Provider", journal: journal, registration: { $0.provide(.counter, value: 7) })
    let consumer = TestModule(
      name: "Consumer", requires: [CapabilityKey.counter.erased], journal: journal)
    let client = try await LoyaltyClient.start(
      Fixtures.configuration(), modules: [consumer, provider])
    #expect(journal.filtered("start:") == ["Provider", "Consumer"])
    #expect(client.source(of: .counter) == .module(provider.identifier))
    await client.shutdown()

    let twice = TestModule(
      name: "Twice", journal: journal,
      registration: { registrar in
        registrar.provide(.counter, value: 1)
        registrar.provide(.counter, value: 2)
      })
    let error = try await expectLoyaltyError(.duplicateCapability) {
      _ = try await LoyaltyClient.start(Fixtures.configuration(), modules: [twice])
    }
    #expect(error.message == "Twice provides test.counter twice. Provide each capability once.")
  }

  @Test("an invalid configuration fails before any module starts")
  func invalidConfiguration() async throws {
    let journal = Journal()
    var configuration = Fixtures.configuration()
    configuration.appUUID = ""
    _ = try await expectLoyaltyError(.missingAppUUID) {
      _ = try await LoyaltyClient.start(
        configuration, modules: [TestModule(name: "M", journal: journal)])
    }
    #expect(journal.all.isEmpty)
  }

  @Test("capabilities are created lazily, once, even when resolved concurrently")
  func lazyCreationAndCaching() async throws {
    let journal = Journal()
    let creations = Locked(0)
    let module = TestModule(
      name: "CounterModule", journal: journal,
      registration: { registrar in
        registrar.provide(.counter) { _ in
          creations.withLock { $0 += 1 }
          return 42
        }
      })
    let client = try await LoyaltyClient.start(Fixtures.configuration(), modules: [module])
    #expect(creations.withLock { $0 } == 0, "nothing is created at start")
    let values = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<100 {
        group.addTask { try client.resolve(.counter) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(values.allSatisfy { $0 == 42 })
    #expect(creations.withLock { $0 } == 1)
    await client.shutdown()
  }

  @Test("factories resolve their dependencies; a factory cycle is a typed error")
  func factoryDependenciesAndCycles() async throws {
    let journal = Journal()
    let module = TestModule(
      name: "Chain", journal: journal,
      registration: { registrar in
        registrar.provide(.counter) { _ in 3 }
        registrar.provide(.greeter) { capabilities in
          Greeter(greeting: String(repeating: "hi", count: try capabilities.resolve(.counter)))
        }
      })
    let client = try await LoyaltyClient.start(Fixtures.configuration(), modules: [module])
    #expect(try client.resolve(.greeter).greeting == "hihihi")
    await client.shutdown()

    let cyclic = TestModule(
      name: "Cyclic", journal: journal,
      registration: { registrar in
        registrar.provide(.cycleA) { try $0.resolve(.cycleB) }
        registrar.provide(.cycleB) { try $0.resolve(.cycleA) }
      })
    let cyclicClient = try await LoyaltyClient.start(Fixtures.configuration(), modules: [cyclic])
    let error = try await expectLoyaltyError(.capabilityCreationFailed) {
      _ = try cyclicClient.resolve(.cycleA)
    }
    #expect(error.message.contains("cycle"))
    await cyclicClient.shutdown()
  }

  @Test("an unregistered capability is a typed error naming what to add")
  func unavailableCapability() async throws {
    let client = try await LoyaltyClient.start(Fixtures.configuration(), modules: [])
    let error = try await expectLoyaltyError(.capabilityUnavailable) {
      _ = try client.resolve(.httpTransport)
    }
    #expect(error.message.contains("NetworkModule(transport: .urlSession) from LoyaltyURLSession"))
    #expect(try client.resolveIfPresent(.fieldCipher) == nil)
    await client.shutdown()
  }

  @Test("Core supplies in-memory defaults for optional capabilities")
  func coreDefaults() async throws {
    let client = try await LoyaltyClient.start(Fixtures.configuration(), modules: [])
    #expect(try client.resolve(.tokenStore) is InMemoryTokenStore)
    #expect(try client.resolve(.keyValueStore) is InMemoryKeyValueStore)
    #expect(try client.resolve(.eventQueue) is InMemoryEventQueue)
    #expect(try client.resolve(.clock) is SystemClock)
    #expect(try client.resolve(.requestSigner) is PortableRequestSigner)
    #expect(try client.resolve(.logHandler) is StandardErrorLogHandler)
    #expect(client.source(of: .tokenStore) == .coreDefault)
    let names = client.registeredCapabilities.map(\.key.name)
    #expect(names == names.sorted())
    await client.shutdown()
  }

  @Test("two clients in one process share nothing")
  func independentClients() async throws {
    let journal = Journal()
    let first = try await LoyaltyClient.start(
      Fixtures.configuration(), modules: [TestModule(name: "A", journal: journal)])
    var secondConfiguration = Fixtures.configuration()
    secondConfiguration.bundleID = "com.example.other"
    let second = try await LoyaltyClient.start(
      secondConfiguration, modules: [TestModule(name: "A", journal: journal)])

    let tokens = TokenPair(accessToken: "a1", refreshToken: "r1")
    try await first.resolve(.tokenStore).store(tokens)
    #expect(try await first.resolve(.tokenStore).tokens() == tokens)
    #expect(try await second.resolve(.tokenStore).tokens() == nil)
    try await first.resolve(.keyValueStore).set(Data("x".utf8), forKey: "k")
    #expect(try await second.resolve(.keyValueStore).data(forKey: "k") == nil)
    #expect(second.configuration.bundleID == "com.example.other")

    await first.shutdown()
    #expect(second.isRunning)
    #expect(try await second.resolve(.tokenStore).tokens() == nil)
    await second.shutdown()
  }

  @Test("one module value listed for two clients gives each an instance of its own")
  func instancePerClient() async throws {
    let journal = Journal()
    let module = TallyModule(journal: journal)
    let modules: [any LoyaltyModule] = [module]
    let first = try await LoyaltyClient.start(Fixtures.configuration(), modules: modules)
    let second = try await LoyaltyClient.start(Fixtures.configuration(), modules: modules)
    let firstTally = try first.resolve(.tally)
    let secondTally = try second.resolve(.tally)
    #expect(firstTally !== secondTally)
    firstTally.add(3)
    #expect(try first.resolve(.tally).count == 3)
    #expect(secondTally.count == 0)

    await first.shutdown()
    #expect(journal.filtered("shutdown:") == ["tally-1"])
    #expect(second.isRunning)
    try second.resolve(.tally).add(1)
    #expect(secondTally.count == 1)
    await second.shutdown()
    #expect(journal.filtered("shutdown:") == ["tally-1", "tally-2"])
  }

  @Test("what a client started is released at its shutdown, while the client lives on")
  func releasedAtShutdown() async throws {
    let module = TallyModule(journal: Journal())
    let client = try await LoyaltyClient.start(Fixtures.configuration(), modules: [module])
    weak let tally = try client.resolve(.tally)
    #expect(tally != nil)
    await client.shutdown()
    #expect(tally == nil, "the client still holds what its module started")
    _ = try await expectLoyaltyError(.clientShutDown) { _ = try client.resolve(.tally) }
  }

  @Test("a capability from an instance is unavailable until its module starts")
  func instanceCapabilityBeforeStart() async throws {
    let journal = Journal()
    // Listed first and not declaring its use, so it starts before the tally module.
    let eager = TestModule(
      name: "Eager", journal: journal,
      onStart: { context in _ = try context.capabilities.resolve(.tally) })
    let error = try await expectLoyaltyError(.moduleStartFailed) {
      _ = try await LoyaltyClient.start(
        Fixtures.configuration(), modules: [eager, TallyModule(journal: journal)])
    }
    #expect(error.underlyingDescription?.contains("TallyModule, which is not running") == true)

    // Declaring the use orders the provider first.
    var declared = eager
    declared.optionallyUses = [CapabilityKey.tally.erased]
    let client = try await LoyaltyClient.start(
      Fixtures.configuration(), modules: [declared, TallyModule(journal: journal)])
    #expect(client.modules.map(\.name) == ["TallyModule", "Eager"])
    await client.shutdown()
  }
}
