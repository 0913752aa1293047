import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `swift run example-core`: LoyaltyCore on its own. A configuration from a preset,
/// checked, saved and read back; a client started with a module of the host's own; and
/// what the logger does with secrets.
@main
struct CoreExample {
  static func main() async {
    do {
      try await run()
      print("\nexample-core: done.")
    } catch {
      var message = "example-core failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static func run() async throws {
    let configuration = try configure()
    try await startClient(configuration)
    try await showRequirementError(configuration)
  }

  // MARK: - Configuration

  static func configure() throws -> LoyaltyConfiguration {
    print("== Configuration from a preset")
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "merchant-1",
      apiKey: "example-core-api-key-0001",
      bundleID: "com.example.core-example",
      environment: .development,
      language: "en",
      preset: .development)
    // A preset is a starting point: change any field afterwards.
    configuration.network.requestTimeout = 10
    configuration.logging.level = .info
    try configuration.validate()
    print("valid: preset development, request timeout \(configuration.network.requestTimeout) s")

    // validationErrors() lists every problem, each with a code and a suggestion.
    var broken = configuration
    broken.appUUID = "not-a-uuid"
    broken.language = "english"
    for error in broken.validationErrors() {
      print("invalid: \(error.code.name): \(error.message)")
      print("  fix: \(error.recoverySuggestion ?? "-")")
    }

    // A configuration is Codable. The JSON holds the API key: store it like the key.
    let json = try configuration.jsonData()
    let decoded = try LoyaltyConfiguration(jsonData: json)
    try check(decoded == configuration, "the configuration did not survive a JSON round trip")
    print("JSON round trip: \(json.count) bytes, equal after decoding")

    // Only appUUID and bundleID are required; every other field takes its default.
    let minimal = try LoyaltyConfiguration(
      jsonData: Data(
        #"{"appUUID": "0123456789abcdef0123456789abcdef", "bundleID": "com.example.app"}"#.utf8))
    print("minimal JSON: environment \(minimal.environment), log level \(minimal.logging.level)")

    print("\n== Summary, safe to log (the API key is masked)")
    let summary = configuration.summaryText
    try check(!summary.contains(configuration.apiKey), "the summary shows the API key")
    for line in summary.split(separator: "\n")
    where line.hasPrefix("apiKey") || line.hasPrefix("environment") || line.hasPrefix("network.") {
      print("  \(line)")
    }
    return configuration
  }

  // MARK: - A client with a module of our own

  static func startClient(_ configuration: LoyaltyConfiguration) async throws {
    print("\n== A client with the host's own module")
    // Overrides replace what Core or a module would provide: here a clock that stands
    // still and a log handler that keeps records in memory.
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
    let logs = InMemoryLogHandler()
    var overrides = CapabilityOverrides()
    overrides.override(.clock, with: clock)
    overrides.override(.logHandler, with: logs)

    let client = try await LoyaltyClient.start(
      configuration, modules: [StampCardModule(stampsForReward: 3)], overrides: overrides)
    for (key, source) in client.registeredCapabilities {
      let padding = String(repeating: " ", count: max(0, 26 - key.name.count))
      print("  \(key.name.prefix(26))\(padding) \(source)")
    }

    // The key carries the value type, so resolve needs no cast.
    let card = try client.resolve(.stampCard)
    var reward = false
    for visit in 1...3 {
      let stamp = try await card.stamp(customer: "customer-42")
      print("visit \(visit): \(stamp.count) stamp(s)\(stamp.isReward ? ", reward earned" : "")")
      reward = stamp.isReward
      clock.advance(by: 86_400)
    }
    try check(reward, "the third stamp did not earn the reward")

    print("\n== Log masking")
    // The logger masks secrets before any handler sees them: tokens, emails, card
    // numbers, PINs, and the configured API key.
    client.logger.warning(
      "Login failed for maria@example.com with key \(configuration.apiKey) and "
        + "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl, card 4111 1111 1111 1111")
    let warning = logs.records.last { $0.level == .warning }
    let masked = warning?.message ?? ""
    print("the handler received: \(masked)")
    for secret in ["maria@example.com", configuration.apiKey, "eyJhbGciOiJIUzI1NiJ9", "4111 1111"] {
      try check(!masked.contains(secret), "a secret reached the log handler")
    }
    print("SecretMasker on its own: \(SecretMasker.standard.mask("PIN 1234, password=hunter2"))")

    await client.shutdown()
    do {
      _ = try client.resolve(.stampCard)
      throw ExampleFailure("a shut-down client still resolved a capability")
    } catch let error as LoyaltyError where error.code == .clientShutDown {
      print("after shutdown: \(error.code.name)")
    }
    print("the log handler kept \(logs.records.count) records, for example:")
    for record in logs.records.prefix(3) {
      print("  \(record.level) [\(record.label)] \(record.message)")
    }
  }

  // MARK: - A missing requirement

  static func showRequirementError(_ configuration: LoyaltyConfiguration) async throws {
    print("\n== A module whose requirement nothing provides")
    do {
      let client = try await LoyaltyClient.start(configuration, modules: [NeedsTransportModule()])
      await client.shutdown()
      throw ExampleFailure("a client started without the transport its module requires")
    } catch let error as LoyaltyError where error.code == .missingRequirement {
      print("start failed, as it should: \(error.message)")
    }
  }
}

/// Stops the example with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: String) throws {
  guard condition else { throw ExampleFailure(message) }
}

/// What went wrong in the example.
struct ExampleFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
