import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// Records the analytics names the registration sends.
final class NameRecorder: AnalyticsTracker {
  private let names = Locked<[String]>([])
  var tracked: [String] { names.withLock { $0 } }

  func track(_ name: String, parameters: [String: String]) async throws -> String {
    names.withLock { $0.append(name) }
    return UUID().uuidString
  }
}

/// A backend whose device-info answer the test switches, counting the calls.
final class DeviceInfoBackend: HTTPTransport {
  private let state = Locked((status: 200, bodies: [JSONValue]()))
  /// Whether calls hang until cancelled.
  let hangs: Bool

  init(hangs: Bool = false) { self.hangs = hangs }

  var status: Int {
    get { state.withLock { $0.status } }
    set { state.withLock { $0.status = newValue } }
  }
  /// The `device_info` of every registration received.
  var registrations: [JSONValue] { state.withLock { $0.bodies } }

  /// In process: answers at once, so the client calls it without a timer.
  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.url.path.hasPrefix("/api/async/info/") else {
      return HTTPResponse(status: 404)
    }
    #expect(request.headers["Authorization"] == nil, "device info takes standard auth")
    let info = try JSONValue(parsing: request.body ?? Data())["device_info"] ?? .null
    let status = state.withLock { state -> Int in
      state.bodies.append(info)
      return state.status
    }
    if hangs {
      try await Task.sleep(for: .seconds(3_600))
    }
    let body = status == 200 ? #"{"status":"1"}"# : #"{"status":"0","msg":"down"}"#
    return HTTPResponse(status: status, body: Data(body.utf8))
  }
}

@Suite("Device registration at start")
struct DeviceRegistrationAtStartTests {
  struct Launch {
    let client: LoyaltyClient
    let sink: InMemoryEventSink
    let analytics: NameRecorder
  }

  private static func start(
    _ backend: DeviceInfoBackend, store: InMemoryKeyValueStore,
    _ adjust: (inout LoyaltyConfiguration) -> Void = { _ in }
  ) async throws -> Launch {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.app", preset: .testing)
    configuration.turnOnAnalyticsAndRegistration()
    configuration.logging.level = .none
    configuration.device.appVersion = "1.0"
    adjust(&configuration)
    let sink = InMemoryEventSink()
    let analytics = NameRecorder()
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: backend)
    overrides.override(.keyValueStore, with: store)
    overrides.override(.eventSink, with: sink)
    overrides.override(.analytics, with: analytics)
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()], overrides: overrides)
    return Launch(client: client, sink: sink, analytics: analytics)
  }

  @Test("registers once at start, posts DeviceRegistered and records the success")
  func registersOnce() async throws {
    let backend = DeviceInfoBackend()
    let store = InMemoryKeyValueStore()
    let first = try await Self.start(backend, store: store)
    let outcome = try await first.client.deviceRegistration.awaitStartRegistration()
    guard case .registered(let info)? = outcome else {
      Issue.record("expected a registration, got \(String(describing: outcome))")
      return
    }
    #expect(info.appVersion == "1.0")
    #expect(backend.registrations.count == 1)
    #expect(backend.registrations.first?["app_version"] == "1.0")
    #expect(first.sink.events(of: DeviceRegistered.self) == [DeviceRegistered(trigger: .start)])
    #expect(first.analytics.tracked == ["custom_success_device_info_loyalty"])
    #expect(try await store.value(String.self, forKey: DeviceRegistration.fingerprintKey) != nil)
    await first.client.shutdown()

    let second = try await Self.start(backend, store: store)
    #expect(try await second.client.deviceRegistration.awaitStartRegistration() == .unchanged)
    #expect(backend.registrations.count == 1, "the same info is not sent twice")
    #expect(second.sink.events(of: DeviceRegistered.self).isEmpty)
    #expect(second.analytics.tracked.isEmpty)
    await second.client.shutdown()
  }

  @Test("registers again at start when the info changed")
  func changedInfo() async throws {
    let backend = DeviceInfoBackend()
    let store = InMemoryKeyValueStore()
    for version in ["1.0", "1.0", "1.1"] {
      let launch = try await Self.start(backend, store: store) {
        $0.device.appVersion = version
      }
      try await launch.client.deviceRegistration.awaitStartRegistration()
      await launch.client.shutdown()
    }
    #expect(backend.registrations.map { $0["app_version"] } == ["1.0", "1.1"])
  }

  @Test("a failure does not fail the start; it is posted, recorded and retried next start")
  func failureRetried() async throws {
    let backend = DeviceInfoBackend()
    backend.status = 503
    let store = InMemoryKeyValueStore()
    let failing = try await Self.start(backend, store: store)
    #expect(failing.client.isRunning)
    let outcome = try await failing.client.deviceRegistration.awaitStartRegistration()
    guard case .failed(let error)? = outcome else {
      Issue.record("expected a failure, got \(String(describing: outcome))")
      return
    }
    let posted = failing.sink.events(of: DeviceRegistrationFailed.self)
    #expect(posted == [DeviceRegistrationFailed(trigger: .start, error: error)])
    #expect(posted.first?.attributes["code"] == String(error.code.rawValue))
    #expect(failing.analytics.tracked == ["custom_error_device_info_loyalty"])
    #expect(try await store.value(String.self, forKey: DeviceRegistration.fingerprintKey) == nil)
    _ = try failing.client.network
    await failing.client.shutdown()

    backend.status = 200
    let retried = try await Self.start(backend, store: store)
    guard case .registered? = try await retried.client.deviceRegistration.awaitStartRegistration()
    else {
      Issue.record("the next start did not retry")
      return
    }
    #expect(backend.registrations.count >= 2)
    await retried.client.shutdown()
  }

  @Test("a failure at start is retried by the next token update")
  func retriedByTokenUpdate() async throws {
    let backend = DeviceInfoBackend()
    backend.status = 500
    let launch = try await Self.start(backend, store: InMemoryKeyValueStore())
    let registration = try launch.client.deviceRegistration
    guard case .failed? = await registration.awaitStartRegistration() else {
      Issue.record("expected the start registration to fail")
      return
    }
    backend.status = 200
    try await registration.updateDeviceToken("apns-1")
    #expect(backend.registrations.last?["device_token"] == "apns-1")
    #expect(
      launch.sink.events(of: DeviceRegistered.self) == [DeviceRegistered(trigger: .tokenUpdate)])
    #expect(try await !registration.registerIfNeeded(), "nothing changed since")
    await launch.client.shutdown()
  }

  @Test("registration at start can be turned off")
  func turnedOff() async throws {
    let backend = DeviceInfoBackend()
    let launch = try await Self.start(backend, store: InMemoryKeyValueStore()) {
      $0.device.registersAtStart = false
    }
    #expect(try await launch.client.deviceRegistration.awaitStartRegistration() == nil)
    #expect(backend.registrations.isEmpty)
    try await launch.client.deviceRegistration.register()
    #expect(backend.registrations.count == 1, "an explicit call still sends")
    await launch.client.shutdown()
  }

  @Test(
    "shutdown cancels a registration stuck on a slow network, and does not hang",
    .timeLimit(.minutes(TestTime.minutes(1))))
  func shutdownDoesNotHang() async throws {
    let backend = DeviceInfoBackend(hangs: true)
    let store = InMemoryKeyValueStore()
    let launch = try await Self.start(backend, store: store)
    #expect(launch.client.isRunning, "the start did not wait for the network")
    await launch.client.shutdown()
    #expect(launch.sink.events(of: DeviceRegistrationFailed.self).isEmpty, "a cancel is no failure")
    #expect(launch.analytics.tracked.isEmpty)
    #expect(try await store.value(String.self, forKey: DeviceRegistration.fingerprintKey) == nil)
  }
}
