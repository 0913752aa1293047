import Foundation
import LoyaltyCore
import Testing

@Suite("LoyaltyLogger")
struct LoyaltyLoggerTests {
  @Test("a level emits itself and everything more severe")
  func levels() {
    #expect(LogLevel.warning.allows(.error))
    #expect(LogLevel.warning.allows(.warning))
    #expect(!LogLevel.warning.allows(.info))
    #expect(LogLevel.verbose.allows(.debug))
    #expect(!LogLevel.none.allows(.error))
    #expect(!LogLevel.verbose.allows(.none))

    let handler = InMemoryLogHandler()
    let logger = LoyaltyLogger(label: "Test", level: .info, handler: handler)
    logger.error("e")
    logger.warning("w")
    logger.info("i")
    logger.debug("d")
    logger.verbose("v")
    #expect(handler.records.map(\.message) == ["e", "w", "i"])
    #expect(handler.records.map(\.level) == [.error, .warning, .info])
    #expect(handler.records.allSatisfy { $0.label == "Test" })
  }

  @Test("a message that is not emitted is never built")
  func lazyMessages() {
    let built = Locked(0)
    let logger = LoyaltyLogger(label: "Test", level: .error, handler: InMemoryLogHandler())
    logger.debug(
      {
        built.withLock { $0 += 1 }; return "expensive"
      }())
    #expect(built.withLock { $0 } == 0)
    #expect(!logger.isEnabled(.debug))
  }

  @Test("handlers receive masked messages and metadata")
  func handlersSeeMaskedText() {
    let handler = InMemoryLogHandler()
    let logger = LoyaltyLogger(
      label: "Test", level: .verbose, handler: handler,
      masker: SecretMasker(literals: ["the-api-key-123"]))
    logger.debug(
      "GET /profile Authorization: Bearer \(SecretMaskingTests.jwt) key the-api-key-123",
      metadata: ["email": SecretMaskingTests.email, "card": SecretMaskingTests.card])
    let text = handler.text
    for secret in SecretMaskingTests.secrets + ["the-api-key-123"] {
      #expect(!text.contains(secret), "\(text)")
    }
    #expect(text.contains("GET /profile"))
  }

  @Test("the client's loggers mask the configured API key and go to the overridden handler")
  func clientLoggersMaskConfiguredSecrets() async throws {
    let handler = InMemoryLogHandler()
    var configuration = Fixtures.configuration()
    configuration.logging.level = .verbose
    let client = try await LoyaltyClient.start(
      configuration, modules: [TestModule(name: "Quiet", journal: Journal())],
      overrides: CapabilityOverrides().overriding(.logHandler, with: handler))
    client.logger(label: "Host").info(
      "signing with \(configuration.apiKey) for \(SecretMaskingTests.email)")
    await client.shutdown()
    let text = handler.text
    #expect(!text.contains(configuration.apiKey))
    #expect(!text.contains(SecretMaskingTests.email))
    #expect(text.contains("[Host] signing with <masked>"))
    #expect(text.contains("Client started with 1 module: Quiet."))
    #expect(text.contains("Client shut down."))
  }

  @Test("the multiplexer forwards to every handler and the in-memory handler is bounded")
  func multiplexAndCapacity() {
    let first = InMemoryLogHandler(capacity: 2)
    let second = InMemoryLogHandler()
    let logger = LoyaltyLogger(
      label: "M", level: .info, handler: MultiplexLogHandler([first, second]))
    for index in 0..<3 {
      logger.info("message \(index)")
    }
    #expect(first.records.map(\.message) == ["message 1", "message 2"])
    #expect(second.records.count == 3)
    first.removeAll()
    #expect(first.records.isEmpty)
  }

  @Test("records format as one line with an ISO 8601 date")
  func recordFormat() {
    let record = LogRecord(
      date: Date(timeIntervalSince1970: 1_800_000_000), level: .warning, label: "LoyaltyNetwork",
      message: "slow", metadata: ["b": "2", "a": "1"])
    #expect(record.formatted == "2027-01-15T08:00:00.000Z warning [LoyaltyNetwork] slow a=1 b=2")
  }
}
