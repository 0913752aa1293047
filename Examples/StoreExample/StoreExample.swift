import LoyaltyCore
import LoyaltyStore

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

/// `swift run example-store`: LoyaltyStore's SQLite database in a temporary directory.
/// Tokens, preferences, the analytics event queue, points of interest, then an
/// integrity check and statistics; a second client on the same file finds it all again.
@main
struct StoreExample {
  static func main() async {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-store-example-\(UUID().uuidString)", isDirectory: true)
    do {
      try await run(in: directory)
      try? FileManager.default.removeItem(at: directory)
      print("\nexample-store: done.")
    } catch {
      try? FileManager.default.removeItem(at: directory)
      var message = "example-store failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static func run(in directory: URL) async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      bundleID: "com.example.store-example",
      language: "en",
      preset: .development)
    configuration.logging.level = .warning
    let file = directory.appendingPathComponent("loyalty.db")

    let client = try await LoyaltyClient.start(
      configuration, modules: [StoreModule(location: .file(file))])
    print("database: \(file.lastPathComponent) in a temporary directory")

    try await tokens(client)
    try await preferences(client)
    try await eventQueue(client)
    try await pointsOfInterest(client)
    try await maintenance(client)
    await client.shutdown()

    print("\n== The same file, another client")
    let reopened = try await LoyaltyClient.start(
      configuration, modules: [StoreModule(location: .file(file))])
    let theme = try await reopened.resolve(.keyValueStore).value(String.self, forKey: "theme")
    let queued = try await reopened.resolve(.eventQueue).count()
    let signedIn = try await reopened.resolve(.tokenStore).tokens() != nil
    print("theme \(theme ?? "-"), \(queued) queued events, tokens kept: \(signedIn)")
    try check(theme == "dark" && queued == 3 && signedIn, "the database did not keep its data")
    await reopened.shutdown()
  }

  static func tokens(_ client: LoyaltyClient) async throws {
    print("\n== Tokens")
    let tokens = try client.resolve(.tokenStore)
    let first = TokenPair(accessToken: "access-token-1", refreshToken: "refresh-token-1")
    try await tokens.store(first)
    // A TokenPair prints masked, so it can be logged.
    print("stored: \(try await tokens.tokens().map { "\($0)" } ?? "nothing")")

    // replace(_:with:) is a compare-and-swap: the session's refresh uses it so that two
    // refreshes racing cannot both win.
    let second = TokenPair(accessToken: "access-token-2", refreshToken: "refresh-token-2")
    let won = try await tokens.replace(first, with: second)
    let lost = try await tokens.replace(first, with: TokenPair(accessToken: "a", refreshToken: "r"))
    print("replace expecting the stored pair: \(won); expecting a stale one: \(lost)")
    try check(won && !lost, "compare-and-swap did not behave")

    // Without a field cipher (LoyaltySecurity) tokens are stored in clear.
    let encrypted = (tokens as? SQLiteTokenStore)?.encryptsWrites ?? false
    print("encrypted at rest: \(encrypted) (add SecurityModule() to encrypt them)")
  }

  static func preferences(_ client: LoyaltyClient) async throws {
    print("\n== Preferences")
    let preferences = try client.resolve(.keyValueStore)
    try await preferences.set("dark", forKey: "theme")
    try await preferences.set(["el", "en"], forKey: "languages")
    let languages = try await preferences.value([String].self, forKey: "languages")
    print("keys: \(try await preferences.keys()); languages: \(languages ?? [])")
  }

  static func eventQueue(_ client: LoyaltyClient) async throws {
    print("\n== The analytics event queue")
    let queue = try client.resolve(.eventQueue)
    // Durable once append returns: the events survive the process being killed.
    try await queue.append(
      (1...5).map { index in
        QueuedEvent(
          id: "event-\(index)", name: "screen_viewed", timestamp: Date(),
          payload: Data(#"{"screen":"offers","index":\#(index)}"#.utf8))
      })
    let batch = try await queue.claim(maxCount: 3, maxBytes: 64 * 1_024)
    print("queued 5, claimed a batch of \(batch.count): \(batch.map(\.id))")
    // The upload accepted two and failed one: delete the two, release the third.
    try await queue.acknowledge(Array(batch.prefix(2).map(\.id)))
    try await queue.release([batch[2].id])
    let left = try await queue.count()
    print("acknowledged 2, released 1: \(left) left")
    try check(left == 3, "the queue should hold 3 events")
  }

  static func pointsOfInterest(_ client: LoyaltyClient) async throws {
    print("\n== Points of interest")
    let places = try client.resolve(.storeDatabase).pointsOfInterest
    try await places.upsert([
      PointOfInterest(id: 1, latitude: 37.9755, longitude: 23.7348, radius: 100),  // Athens
      PointOfInterest(id: 2, latitude: 37.9838, longitude: 23.7275, radius: 150),  // Athens
      PointOfInterest(id: 3, latitude: 40.6401, longitude: 22.9444, radius: 200),  // Thessaloniki
    ])
    let athens = GeoBoundingBox(
      minLatitude: 37.9, maxLatitude: 38.1, minLongitude: 23.6, maxLongitude: 23.8)
    let nearby = try await places.pointsOfInterest(in: athens)
    print("\(try await places.count()) stored; in the Athens box: \(nearby.map(\.id))")
    try check(nearby.map(\.id) == [1, 2], "the bounding box query returned the wrong points")
  }

  static func maintenance(_ client: LoyaltyClient) async throws {
    print("\n== Integrity and statistics")
    let database = try client.resolve(.storeDatabase)
    let report = try await database.checkIntegrity()
    print("integrity check: \(report.isOK ? "ok" : report.problems.joined(separator: "; "))")
    try check(report.isOK, "the integrity check found problems")
    let statistics = try await database.statistics()
    print(
      "schema version \(statistics.schemaVersion), \(statistics.pageCount) pages of "
        + "\(statistics.pageSize) bytes, write-ahead log \(statistics.walSize) bytes")
    for (table, rows) in statistics.rowCounts.sorted(by: { $0.key < $1.key }) {
      print("  \(table): \(rows) rows")
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
