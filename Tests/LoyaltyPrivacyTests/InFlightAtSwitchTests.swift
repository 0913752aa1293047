import Dispatch
import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// A backend on a slow network: each request arrives 200 ms after it was sent, whatever
/// the client does meanwhile (a cancelled request already on the wire still arrives).
/// It keeps the time each device registration and analytics batch arrived.
final class SlowArrivalBackend: HTTPTransport {
  private let state = Locked((sent: 0, arrivals: [Date]()))

  /// As a network transport: the client races each call against its deadline, and a
  /// cancelled caller gets its answer at once while the request goes on.
  var keepsDeadlines: Bool { false }

  /// When each governed request arrived.
  var arrivals: [Date] { state.withLock { $0.arrivals } }
  /// How many governed requests were sent so far (arrived or not).
  var sent: Int { state.withLock { $0.sent } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let path = request.url.path
    let governed = path.hasPrefix("/api/async/info/") || path.contains("analytics")
    guard governed else {
      return HTTPResponse(status: 200, body: Data(#"{"status":"1"}"#.utf8))
    }
    state.withLock { $0.sent += 1 }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { continuation.resume() }
    }
    state.withLock { $0.arrivals.append(Date()) }
    let body = path.contains("analytics") ? #"{"accepted":1}"# : #"{"status":"1"}"#
    return HTTPResponse(status: 200, body: Data(body.utf8))
  }

  /// Waits until `count` governed requests were sent, at most 10 s.
  func waitUntilSent(_ count: Int) async throws {
    let deadline = Date().addingTimeInterval(10)
    while sent < count, Date() < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(sent >= count, "the request was never sent")
  }
}

/// Off means off when the switch returns: an analytics batch that was on its way has
/// arrived by then, and none arrives afterwards (found by the chaos soak: a cancelled
/// request still reached the server after the switch returned).
@Suite("A switch turned off returns after what was on its way arrived")
struct InFlightAtSwitchTests {
  static func start(_ backend: SlowArrivalBackend) async throws -> LoyaltyClient {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.app", preset: .testing)
    configuration.turnOnAnalyticsAndRegistration()
    configuration.logging.level = .none
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: backend)
    return try await LoyaltyClient.start(
      configuration,
      modules: [
        NetworkModule(),
        EventsModule(analytics: AnalyticsConfiguration(flushAt: 1_000, flushInterval: 0)),
      ],
      overrides: overrides)
  }

  @Test(
    "analytics turned off during an upload: the batch arrived before",
    .timeLimit(.minutes(TestTime.minutes(1))))
  func uploadOnItsWay() async throws {
    let backend = SlowArrivalBackend()
    let client = try await Self.start(backend)
    _ = try await client.deviceRegistration.awaitStartRegistration()
    let analytics = try client.analytics
    _ = try await analytics.track("screen_viewed", parameters: ["screen": "home"])
    let flush = Task { await analytics.flush() }
    try await backend.waitUntilSent(2)
    _ = try await client.privacy.disable(.analytics)
    let returned = Date()
    await flush.value
    try await Task.sleep(for: .milliseconds(400))
    #expect(backend.arrivals.count == 2)
    #expect(backend.arrivals.allSatisfy { $0 <= returned }, "arrived after the switch returned")
    await client.shutdown()
  }
}
