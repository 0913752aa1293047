import LoyaltyCore
import LoyaltyEvents

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

/// `swift run example-events`: LoyaltyEvents without any network. The event bus, typed
/// and by name, and the analytics pipeline with a plugin and an uploader of our own.
@main
struct EventsExample {
  static func main() async {
    do {
      try await run()
      print("\nexample-events: done.")
    } catch {
      var message = "example-events failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static func run() async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      bundleID: "com.example.events-example",
      language: "en",
      preset: .testing)
    // The testing preset starts with analytics off, as the seed's does; this example
    // shows them, so it turns them on.
    configuration.privacy.enabled.insert(.analytics)
    // LoyaltyNetwork would provide the uploader; without it, the host supplies one.
    let uploader = PrintingUploader()
    let client = try await LoyaltyClient.start(
      configuration, modules: [EventsModule()],
      overrides: CapabilityOverrides().overriding(.analyticsUploader, with: uploader))

    try await bus(client)
    try await analytics(client, uploader: uploader)
    await client.shutdown()
  }

  static func bus(_ client: LoyaltyClient) async throws {
    print("== The event bus")
    let bus = try client.events
    let (deliveries, delivered) = AsyncStream.makeStream(of: String.self)

    // Two ways to listen to the same events: by type, with typed fields, or by name,
    // with string attributes.
    let typed = bus.subscribe(PointsEarned.self) { event in
      delivered.yield("typed: \(event.points) points at \(event.merchant)")
    }
    let byName = bus.subscribe(to: PointsEarned.eventName) { event in
      let attributes = event.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      delivered.yield("by name: \(event.name) \(attributes.joined(separator: ", "))")
    }

    // Products post through the event sink, which is the bus; posting never waits.
    let sink = try client.resolve(.eventSink)
    sink.post(PointsEarned(points: 120, merchant: "Bakery No. 7"))

    // Each subscription delivers on its own; wait for both deliveries.
    var received = 0
    for await line in deliveries.prefix(2) {
      print("  \(line)")
      received += 1
    }
    try check(received == 2, "the bus did not deliver to both subscriptions")
    typed.cancel()
    byName.cancel()
    print("subscriptions left after cancelling: \(bus.subscriptionCount)")
  }

  static func analytics(_ client: LoyaltyClient, uploader: PrintingUploader) async throws {
    print("\n== The analytics pipeline")
    let analytics = try client.analytics
    await analytics.add(AppVersionPlugin(version: "2.4.1"))
    await analytics.add(DropDebugEventsPlugin())
    print("plugins: \(await analytics.pluginNames)")

    // track() returns once the event is in the queue (durable with LoyaltyStore).
    try await analytics.track("offer_viewed", parameters: ["offer": "coffee-2-for-1"])
    try await analytics.track("debug_cache_miss")
    try await analytics.track("coupon_saved", parameters: ["coupon": "SBX-1234"])
    // Products record each SDK call's outcome with the platform's naming.
    let total = try await analytics.recordingCall("checkout") { 42 }
    print("checkout returned \(total), recorded as a call")

    // Flushes also happen every 20 events, every 30 s and at shutdown.
    await analytics.flush()
    let statistics = await analytics.currentStatistics()
    print(
      "tracked \(statistics.tracked), dropped by plugins \(statistics.droppedByPlugins), "
        + "uploaded \(statistics.uploaded) in \(statistics.uploads) batch(es), "
        + "pending \(statistics.pending)")
    let names = await uploader.uploadedNames
    try check(
      names == ["offer_viewed", "coupon_saved", "custom_success_checkout_loyalty"],
      "the uploader received \(names)")
  }
}

/// An event of the host's own: posted on the same bus as the SDK's.
struct PointsEarned: LoyaltyEvent {
  static let eventName = "points_earned"
  let points: Int
  let merchant: String

  var attributes: [String: String] { ["points": String(points), "merchant": merchant] }
}

/// An enrichment plugin: adds the app's version to every event before it is queued.
struct AppVersionPlugin: AnalyticsPlugin {
  let version: String
  var name: String { "app-version" }
  var stage: AnalyticsPluginStage { .enrichment }

  func process(_ event: AnalyticsEvent) async -> AnalyticsEvent? {
    var event = event
    event.parameters["app_version"] = version
    return event
  }
}

/// A `before` plugin: returning `nil` drops the event.
struct DropDebugEventsPlugin: AnalyticsPlugin {
  var name: String { "drop-debug" }
  var stage: AnalyticsPluginStage { .before }

  func process(_ event: AnalyticsEvent) async -> AnalyticsEvent? {
    event.name.hasPrefix("debug_") ? nil : event
  }
}

/// An uploader that prints each batch instead of posting it, and accepts it.
actor PrintingUploader: AnalyticsUploader {
  private(set) var uploadedNames: [String] = []

  func upload(_ events: [QueuedEvent]) async -> AnalyticsUploadOutcome {
    print("uploader: a batch of \(events.count) event(s)")
    for event in events {
      print("  \(event.name): \(String(decoding: event.payload, as: UTF8.self))")
    }
    uploadedNames += events.map(\.name)
    return .accepted(duplicates: 0)
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
