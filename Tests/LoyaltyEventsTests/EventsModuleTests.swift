import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltyStore
import Testing

@Suite("EventsModule with the network and the store")
struct EventsModuleTests {
  @Test("tracked events are queued durably and uploaded gzipped to the analytics endpoint")
  func endToEnd() async throws {
    let bodies = Locked<[Data]>([])
    let transport = InMemoryHTTPTransport { request in
      if request.url.path.contains("/api/async/analytics/") {
        #expect(request.headers["Content-Encoding"] == "gzip")
        let body = try Gzip.decompress(request.body ?? Data())
        bodies.withLock { $0.append(body) }
        return HTTPResponse(status: 200, body: Data(#"{"status":"1","accepted":1}"#.utf8))
      }
      return HTTPResponse(status: 404)
    }
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.events",
      preset: .testing)
    // Analytics on (the testing preset starts with it off, as the seed's does).
    configuration.privacy.enabled.insert(.analytics)
    // Only the tracked events are counted: no registration's outcome among them.
    configuration.device.registersAtStart = false
    let client = try await LoyaltyClient.start(
      configuration,
      modules: [
        EventsModule(analytics: AnalyticsConfiguration(flushAt: 3, flushInterval: 0)),
        NetworkModule(), StoreModule(location: .inMemory),
      ],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: transport))
    #expect(try client.resolve(.eventQueue) is SQLiteEventQueue)

    let analytics = try client.resolve(.analytics)
    for index in 0..<5 {
      try await analytics.track("custom_success_campaigns_loyalty", parameters: ["i": "\(index)"])
    }
    try await client.analytics.flush()
    let events = try bodies.withLock { $0 }.flatMap { body -> [JSONValue] in
      try JSONValue(parsing: body)["events"]?.arrayValue ?? []
    }
    #expect(events.count == 5)
    #expect(events.allSatisfy { $0["name"] == "custom_success_campaigns_loyalty" })
    #expect(try await client.analytics.currentStatistics().uploaded == 5)
    await client.shutdown()
  }

  @Test("without a network module events wait in the queue; shutdown flushes what it can")
  func noUploader() async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.events",
      preset: .testing)
    configuration.privacy.enabled.insert(.analytics)
    let client = try await LoyaltyClient.start(configuration, modules: [EventsModule()])
    try await client.resolve(.analytics).track("NB_PushReceived", parameters: [:])
    try await client.analytics.flush()
    #expect(try await client.analytics.currentStatistics().pending == 1)
    await client.shutdown()
  }
}
