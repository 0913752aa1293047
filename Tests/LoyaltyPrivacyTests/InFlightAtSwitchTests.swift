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

  /// Waits until `count` governed requests were sent, at most 30 s of a quiet machine's
  /// time (scaled: under ThreadSanitizer with the whole suite, a client's start alone can
  /// take longer than 10 s).
  func waitUntilSent(_ count: Int) async throws {
    let deadline = Date().addingTimeInterval(TestTime.slack(30))
    while sent < count, Date() < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(sent >= count, "the request was never sent")
  }
}

/// Off means off when the switch returns: an analytics batch or a device registration
/// that was on its way has arrived by then, and none arrives afterwards (found by the
/// chaos soak: a cancelled registration still reached the server 108 ms after the switch
/// returned).
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

  @Test(
    "push registration turned off during the registration at start: it arrived before",
    .timeLimit(.minutes(TestTime.minutes(1))))
  func registrationAtStartOnItsWay() async throws {
    let backend = SlowArrivalBackend()
    let client = try await Self.start(backend)
    try await backend.waitUntilSent(1)
    _ = try await client.privacy.disable([.pushRegistration, .deviceInformation])
    let returned = Date()
    try await Task.sleep(for: .milliseconds(400))
    #expect(backend.arrivals.count == 1)
    #expect(backend.arrivals.allSatisfy { $0 <= returned }, "arrived after the switch returned")
    #expect(
      try await client.deviceRegistration.deviceToken() == nil, "the push token was kept")
    await client.shutdown()
  }

  @Test(
    "push registration turned off during a token update: it arrived before, the token is gone",
    .timeLimit(.minutes(TestTime.minutes(1))))
  func tokenUpdateOnItsWay() async throws {
    let backend = SlowArrivalBackend()
    let client = try await Self.start(backend)
    let registration = try client.deviceRegistration
    _ = await registration.awaitStartRegistration()
    let update = Task { try await registration.updateDeviceToken("push-token-1") }
    try await backend.waitUntilSent(2)
    _ = try await client.privacy.disable(.pushRegistration)
    let returned = Date()
    _ = try? await update.value
    try await Task.sleep(for: .milliseconds(400))
    #expect(backend.arrivals.count == 2)
    #expect(backend.arrivals.allSatisfy { $0 <= returned }, "arrived after the switch returned")
    #expect(try await registration.deviceToken() == nil, "the push token was kept")
    #expect(await registration.lastOutcome == .disabledByPrivacy)
    await client.shutdown()
  }

  @Test(
    "device information turned off during a registration: the one with the details arrived before",
    .timeLimit(.minutes(TestTime.minutes(1))))
  func detailsOnTheirWay() async throws {
    let backend = SlowArrivalBackend()
    let client = try await Self.start(backend)
    let registration = try client.deviceRegistration
    _ = await registration.awaitStartRegistration()
    let forced = Task { try await registration.register() }
    try await backend.waitUntilSent(2)
    _ = try await client.privacy.disable(.deviceInformation)
    let returned = Date()
    _ = try? await forced.value
    #expect(backend.arrivals.count >= 2)
    #expect(backend.arrivals.count < 2 || backend.arrivals[1] <= returned, "arrived after")
    await client.shutdown()
  }
}
