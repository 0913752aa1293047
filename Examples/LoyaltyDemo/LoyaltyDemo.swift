import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySecurity
import LoyaltyStore

/// `swift run loyalty-demo`: starts the SDK with every module and shows what each one
/// registered and does, without touching the network.
@main
struct LoyaltyDemo {
  static func main() async {
    do {
      guard let options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(DemoOptions.usage)
        return
      }
      try await run(options)
    } catch let error as LoyaltyError {
      FileHandle.standardError.write(Data("loyalty-demo: \(error)\n".utf8))
      if let suggestion = error.recoverySuggestion {
        FileHandle.standardError.write(Data("  \(suggestion)\n".utf8))
      }
      exit(1)
    } catch {
      FileHandle.standardError.write(Data("loyalty-demo: \(error)\n\n\(DemoOptions.usage)\n".utf8))
      exit(1)
    }
  }

  static func run(_ options: DemoOptions) async throws {
    var report = DemoReport()
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "demo-merchant",
      apiKey: "demo-api-key-not-a-real-secret",
      bundleID: "com.example.loyalty-demo",
      environment: .development,
      language: "en",
      preset: .production)
    configuration.database.directory = options.dataDirectory?.path

    // Listed out of order on purpose: the registry starts providers first.
    let persistent = options.dataDirectory != nil
    let modules: [any LoyaltyModule] = [
      MarketModule(),
      PushModule(),
      EventsModule(),
      StoreModule(location: persistent ? .file : .inMemory),
      SecurityModule(keyStore: persistent ? .file : .inMemory),
      NetworkModule(),
    ]

    let client = try await report.step("start 6 modules") {
      try await LoyaltyClient.start(configuration, modules: modules)
    }

    report.section("Configuration (secrets masked)")
    for line in configuration.summaryText.split(separator: "\n") {
      report.line(String(line))
    }

    report.section("Modules, in start order")
    for (index, module) in client.modules.enumerated() {
      report.line("\(index + 1). \(module.identifier.name) (\(module.identifier.product))")
    }

    report.section("Capabilities and who provides them")
    for (key, source) in client.capabilities.registered {
      report.line(key.name.padding(toLength: 28, withPad: " ", startingAt: 0) + "\(source)")
    }

    try await tour(client, options: options, report: &report)

    await report.step("shut down") { await client.shutdown() }
    report.printTimings()
    print("\nDone.")
  }

  static func tour(
    _ client: LoyaltyClient, options: DemoOptions, report: inout DemoReport
  ) async throws {
    report.section("A short tour")

    // Preferences persist across runs with --data-dir.
    let preferences = try client.resolve(.keyValueStore)
    let runs = (try await preferences.value(Int.self, forKey: "demo.runs") ?? 0) + 1
    try await preferences.set(runs, forKey: "demo.runs")
    report.line("run number \(runs)" + (options.dataDirectory == nil ? " (in memory)" : ""))

    // Tokens, stored through the cipher.
    let accessToken = DemoToken.make(subject: "demo-user", expiresIn: 3_600)
    let tokens = try client.resolve(.tokenStore)
    try await report.step("store + read tokens") {
      try await tokens.store(TokenPair(accessToken: accessToken, refreshToken: "demo-refresh"))
      _ = try await tokens.tokens()
    }
    let jwt = try JSONWebToken(accessToken)
    report.line(
      "token for \(jwt.subject ?? "?") expires at \(jwt.expiresAt.map { "\($0)" } ?? "?")")
    if let store = tokens as? SQLiteTokenStore {
      report.line("tokens encrypted at rest: \(store.encryptsWrites ? "yes" : "no")")
    }
    if let database = try client.resolveIfPresent(.storeDatabase), let url = database.fileURL {
      let bytes = try [url, URL(fileURLWithPath: url.path + "-wal")]
        .filter { FileManager.default.fileExists(atPath: $0.path) }
        .map { try Data(contentsOf: $0) }
      let leaked = bytes.contains { $0.range(of: Data(accessToken.utf8)) != nil }
      report.line("access token visible in \(url.lastPathComponent): \(leaked ? "YES" : "no")")
    }

    // One event bus, typed and by name.
    let bus = try client.events
    let byName = Counter()
    let subscription = bus.subscribe(to: "demo_checked_in") { _ in await byName.increment() }
    try client.resolve(.eventSink).post(NamedEvent("demo_checked_in", attributes: ["store": "7"]))
    for _ in 0..<200 where await byName.value == 0 {
      try await Task.sleep(for: .milliseconds(5))
    }
    report.line("event delivered by name: \(await byName.value) time(s)")
    subscription.cancel()

    // The offline analytics queue.
    let queue = try client.resolve(.eventQueue)
    try await report.step("queue 100 analytics events") {
      try await queue.append(
        (0..<100).map { index in
          QueuedEvent(
            id: "demo-\(runs)-\(index)", name: "custom_success_demo_loyalty", timestamp: Date(),
            payload: Data(#"{"index":\#(index)}"#.utf8))
        })
    }
    report.line("analytics events queued: \(try await queue.count())")

    // Points of interest near a point.
    if let database = try client.resolveIfPresent(.storeDatabase) {
      let places = database.pointsOfInterest
      try await places.upsert([
        PointOfInterest(id: 1, latitude: 37.9755, longitude: 23.7348, radius: 100),
        PointOfInterest(id: 2, latitude: 37.9838, longitude: 23.7275, radius: 150),
        PointOfInterest(id: 3, latitude: 40.6401, longitude: 22.9444, radius: 200),
      ])
      let nearby = try await places.pointsOfInterest(
        in: GeoBoundingBox(
          minLatitude: 37.9, maxLatitude: 38.1, minLongitude: 23.6, maxLongitude: 23.8))
      report.line("points of interest near Athens: \(nearby.map(\.id))")
    }

    // A push payload forwarded by the host.
    let payload = try PushPayload.parse(
      Data(#"{"_a": 0, "session_uuid": "abc-123", "aps": {"alert": "New offer!"}}"#.utf8))
    report.line(
      "push: action \(payload?.action ?? -1), campaign session \(payload?.sessionUUID ?? "-"), "
        + "alert \"\(payload?.aps?.body ?? "")\"")

    // The loyalty-signature header for a request sent now.
    let timestamp = String(Int(Date().timeIntervalSince1970))
    let signature = try client.resolve(.requestSigner).signature(
      apiKey: client.configuration.apiKey, timestamp: timestamp)
    report.line("loyalty-signature at \(timestamp): \(signature.prefix(16))...")
  }
}

/// Counts deliveries from a handler running on another task.
actor Counter {
  private(set) var value = 0
  func increment() { value += 1 }
}
