import Foundation
import LoyaltyCore
import Testing

@Suite("Registry: what a factory throws, and what is registered")
struct CapabilityFactoryErrorTests {
  @Test(
    "the registry's own errors pass through a factory unchanged; any other is wrapped",
    arguments: [
      (LoyaltyError.Code.capabilityUnavailable, LoyaltyError.Code.capabilityUnavailable),
      (.capabilityCreationFailed, .capabilityCreationFailed),
      (.clientShutDown, .clientShutDown),
      (.invalidArgument, .capabilityCreationFailed),
      (.timedOut, .capabilityCreationFailed),
    ])
  func factoryErrors(_ thrown: LoyaltyError.Code, _ expected: LoyaltyError.Code) async throws {
    let module = TestModule(
      name: "Failing", journal: Journal(),
      registration: { registrar in
        registrar.provide(.counter) { _ in
          throw LoyaltyError(thrown, "from the factory", metadata: ["mark": "inner"])
        }
      })
    let client = try await LoyaltyClient.start(Fixtures.configuration(), modules: [module])
    let error = try await expectLoyaltyError(expected) { _ = try client.resolve(.counter) }
    if thrown == expected {
      #expect(error.message == "from the factory")
      #expect(error.metadata == ["mark": "inner"])
      #expect(error.underlyingDescription == nil)
    } else {
      #expect(error.metadata["capability"] == "test.counter")
      #expect(error.underlyingDescription?.contains("from the factory") == true)
    }
    await client.shutdown()
  }

  @Test("a capability is registered once something provides it, and only then")
  func contains() async throws {
    let seen = Locked<(counter: Bool, greeter: Bool)?>(nil)
    let module = TestModule(
      name: "Counting", journal: Journal(),
      registration: { registrar in registrar.provide(.counter) { _ in 1 } },
      onStart: { context in
        seen.withLock {
          $0 = (
            context.capabilities.contains(.counter), context.capabilities.contains(.greeter)
          )
        }
      })
    let client = try await LoyaltyClient.start(Fixtures.configuration(), modules: [module])
    let found = try #require(seen.withLock { $0 })
    #expect(found.counter)
    #expect(!found.greeter)
    await client.shutdown()
  }
}
