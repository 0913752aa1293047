import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// A backend that writes down, in order, when each request arrives and when the device
/// registration's answer leaves, and answers the registration as the test says.
final class OrderRecordingBackend: HTTPTransport {
  /// How the registration is answered.
  enum Registration: Sendable {
    /// 200 after a short pause, long enough for an ungated login to overtake it.
    case slowSuccess
    /// 503 at once.
    case failure
    /// Never: it waits until cancelled.
    case hang
  }

  private let log = Locked<[String]>([])
  private let registration: Registration
  private let tokens = ScriptedBackend(clock: SystemClock())

  init(registration: Registration) { self.registration = registration }

  /// In process, it answers at once (or, for the hanging registration, never): the
  /// client races it against no timer, so only the gate's own cap ends the wait.
  var keepsDeadlines: Bool { true }

  /// What happened, in order: `sent <path>` per request, `answered registration` when
  /// the registration's answer was given.
  var entries: [String] { log.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let path = request.url.path
    log.withLock { $0.append("sent \(path)") }
    guard path.hasPrefix("/api/async/info/") else {
      let pair = tokens.issueToken()
      return ScriptedBackend.json(
        200,
        ["status": "1", "access_token": pair.accessToken, "refresh_token": pair.refreshToken])
    }
    switch registration {
    case .slowSuccess:
      try await Task.sleep(for: .milliseconds(300))
      log.withLock { $0.append("answered registration") }
      return ScriptedBackend.json(200, ["status": "1"])
    case .failure:
      log.withLock { $0.append("answered registration") }
      return ScriptedBackend.json(503, ["status": "0", "msg": "down"])
    case .hang:
      try await Task.sleep(for: .seconds(3_600))
      return ScriptedBackend.json(200, ["status": "1"])
    }
  }
}

/// The seed's `initialize()` registers the device before anything else (seed 000, lines
/// 171-177): with registration at start on, the registration is the client's first
/// request, and the first other request waits for its attempt to end, at most the request
/// timeout.
@Suite("Device registration goes out first")
struct DeviceRegistrationOrderTests {
  /// How the registration's request is written down (`URL.path` drops the last slash).
  private static let registration = "sent /api/async/info/0123456789abcdef0123456789abcdef"

  /// Starts a client on `backend`. The gate holds other requests at most `requestTimeout`:
  /// the tests that expect the login to wait give it room on a loaded machine, the one
  /// about a hanging registration keeps it short.
  private static func start(
    _ backend: OrderRecordingBackend, requestTimeout: TimeInterval = 30
  ) async throws -> LoyaltyClient {
    var configuration = NetworkFixtures.configuration()
    configuration.network.requestTimeout = requestTimeout
    configuration.network.maxRetryAttempts = 1
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: backend)
    overrides.override(.keyValueStore, with: InMemoryKeyValueStore())
    return try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()], overrides: overrides)
  }

  @Test("a login right after start waits until the registration was answered")
  func registrationBeforeLogin() async throws {
    let backend = OrderRecordingBackend(registration: .slowSuccess)
    let client = try await Self.start(backend)
    try await client.network.session.loginWithEmail("maria@example.gr")
    #expect(
      backend.entries == [
        Self.registration, "answered registration",
        "sent /partners/dei/login",
      ])
    guard case .registered? = try await client.deviceRegistration.awaitStartRegistration() else {
      Issue.record("the registration did not succeed")
      await client.shutdown()
      return
    }
    await client.shutdown()
  }

  @Test(
    "a registration that never answers holds the login back at most the request timeout",
    .timeLimit(.minutes(TestTime.minutes(1))))
  func hangingRegistration() async throws {
    let backend = OrderRecordingBackend(registration: .hang)
    let client = try await Self.start(backend, requestTimeout: 1)
    #expect(client.isRunning, "the start did not wait for the network")
    try await client.network.session.loginWithEmail("maria@example.gr")
    #expect(
      backend.entries == [
        Self.registration, "sent /partners/dei/login",
      ])
    #expect(try await client.network.session.isLoggedIn)
    await client.shutdown()
  }

  @Test("a failed registration does not block the login, and is retried later")
  func failedRegistration() async throws {
    let backend = OrderRecordingBackend(registration: .failure)
    let client = try await Self.start(backend)
    try await client.network.session.loginWithEmail("maria@example.gr")
    #expect(
      backend.entries == [
        Self.registration, "answered registration",
        "sent /partners/dei/login",
      ])
    guard case .failed? = try await client.deviceRegistration.awaitStartRegistration() else {
      Issue.record("the registration was expected to fail")
      await client.shutdown()
      return
    }
    #expect(
      try await client.resolve(.keyValueStore).value(
        String.self, forKey: DeviceRegistration.fingerprintKey) == nil,
      "no fingerprint kept: the next start or token update registers again")
    await client.shutdown()
  }

  @Test("without registration at start, nothing holds the first request back")
  func turnedOff() async throws {
    let backend = OrderRecordingBackend(registration: .hang)
    var configuration = NetworkFixtures.configuration()
    configuration.device.registersAtStart = false
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: backend)
    overrides.override(.keyValueStore, with: InMemoryKeyValueStore())
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()], overrides: overrides)
    try await client.network.session.loginWithEmail("maria@example.gr")
    #expect(backend.entries == ["sent /partners/dei/login"])
    await client.shutdown()
  }
}
