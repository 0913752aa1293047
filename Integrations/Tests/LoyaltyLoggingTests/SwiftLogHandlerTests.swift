import Foundation
import InMemoryLogging
import Logging
import LoyaltyCore
import LoyaltyLogging
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("SwiftLogHandler")
struct SwiftLogHandlerTests {
  /// A logger writing into `memory` at `level`.
  private static func logger(
    _ memory: InMemoryLogging.InMemoryLogHandler, level: Logger.Level = .trace
  ) -> Logger {
    var logger = Logger(label: "loyalty-tests") { _ in memory }
    logger.logLevel = level
    return logger
  }

  private static func record(
    _ level: LoyaltyCore.LogLevel, metadata: [String: String] = [:]
  ) -> LogRecord {
    LogRecord(
      date: Date(), level: level, label: "LoyaltyNetwork", message: "campaigns answered",
      metadata: metadata, file: "LoyaltyNetwork/NetworkClient.swift", line: 42)
  }

  @Test(
    "each SDK level arrives at its swift-log level, with message and metadata",
    arguments: [
      (LoyaltyCore.LogLevel.error, Logger.Level.error), (.warning, .warning), (.info, .info),
      (.debug, .debug), (.verbose, .trace),
    ])
  func levels(sdk: LoyaltyCore.LogLevel, expected: Logger.Level) {
    let memory = InMemoryLogging.InMemoryLogHandler()
    let handler = SwiftLogHandler(logger: Self.logger(memory))
    handler.handle(Self.record(sdk, metadata: ["endpoint": "campaigns", "status": "200"]))
    #expect(
      memory.entries == [
        InMemoryLogging.InMemoryLogHandler.Entry(
          level: expected, message: "campaigns answered",
          metadata: ["endpoint": "campaigns", "status": "200"])
      ])
  }

  @Test("a record without metadata carries none")
  func noMetadata() {
    let memory = InMemoryLogging.InMemoryLogHandler()
    SwiftLogHandler(logger: Self.logger(memory)).handle(Self.record(.info))
    #expect(memory.entries.map(\.metadata) == [[:]])
  }

  @Test("level(of:) has no swift-log level for none")
  func noneLevel() {
    #expect(SwiftLogHandler.level(of: .none) == nil)
  }

  /// For every logger level and every record level: the SDK at `level(for:)` makes a
  /// record exactly when the logger writes it. Pins each boundary, `notice` and
  /// `critical` included.
  @Test("level(for:) makes exactly the records the logger writes", arguments: Logger.Level.allCases)
  func matchingLevel(loggerLevel: Logger.Level) {
    let memory = InMemoryLogging.InMemoryLogHandler()
    let logger = Self.logger(memory, level: loggerLevel)
    let sdkLevel = SwiftLogHandler.level(for: logger)
    let handler = SwiftLogHandler(logger: logger)
    for level in LoyaltyCore.LogLevel.allCases where level != .none {
      memory.clear()
      let made = sdkLevel.allows(level)
      if made { handler.handle(Self.record(level)) }
      let written = !memory.entries.isEmpty
      let wouldWrite = SwiftLogHandler.level(of: level).map { $0 >= loggerLevel } ?? false
      #expect(made == wouldWrite, "logger \(loggerLevel), record \(level)")
      #expect(written == wouldWrite, "logger \(loggerLevel), record \(level)")
    }
  }

  @Test("a client logs through swift-log, masked: its secrets never reach the logger")
  func clientLogsMasked() async throws {
    let memory = InMemoryLogging.InMemoryLogHandler()
    let logger = Self.logger(memory)
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-logging",
      apiKey: "logging-api-key-000123", bundleID: "com.example.logging-tests",
      environment: .custom(URL(string: "https://sandbox.invalid") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    configuration.logging.level = SwiftLogHandler.level(for: logger)
    let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    overrides.override(.keyValueStore, with: InMemoryKeyValueStore())
    overrides.override(.logHandler, with: SwiftLogHandler(logger: logger))
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()], overrides: overrides)
    try await client.network.session.loginWithEmail("maria@example.gr")
    let tokens = try #require(try await client.resolve(.tokenStore).tokens())
    await client.shutdown()

    let entries = memory.entries
    #expect(!entries.isEmpty, "the client's records reached the logger")
    #expect(entries.contains { $0.level == .debug || $0.level == .trace })
    let text = entries.map { entry in
      "\(entry.message) " + entry.metadata.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }.joined(separator: "\n")
    for secret in [tokens.accessToken, tokens.refreshToken, configuration.apiKey] {
      #expect(!text.contains(secret), "a secret reached the logger")
    }
  }
}
