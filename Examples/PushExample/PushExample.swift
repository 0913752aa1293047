import LoyaltyCore
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox

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

/// `swift run example-push`: LoyaltyPush. Payloads routed in each app state, the
/// notification kept while the app was closed, device registration against the
/// in-process sandbox, and the limiter for local offer notifications.
@main
struct PushExample {
  static func main() async {
    do {
      try await run()
      print("\nexample-push: done.")
    } catch {
      var message = "example-push failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static func run() async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "example-merchant",
      apiKey: "example-push-api-key",
      bundleID: "com.example.push-example",
      // Requests never leave the process: the sandbox transport answers them.
      environment: .custom(
        URL(string: "https://sandbox.invalid") ?? LoyaltyEnvironment.development.baseURL),
      language: "en",
      preset: .testing)
    // The testing preset does not register the device at start, as the seed's does not;
    // this example shows that registration, so it turns it on.
    configuration.device.registersAtStart = true
    let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
    let events = InMemoryEventSink()
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    overrides.override(.eventSink, with: events)

    // The limits are the platform's, except that any hour is allowed, so the example
    // behaves the same at any time of day.
    let limits = NotificationLimits(perDay: 2, allowedHours: 0..<24)
    let client = try await LoyaltyClient.start(
      configuration, modules: [PushModule(limits: limits), NetworkModule()],
      overrides: overrides)
    let push = try client.push

    try await routing(push)
    try await registration(push, client: client, backend: backend)
    try await limiter(push)

    print("\n== Events posted")
    print(events.names.joined(separator: ", "))
    await client.shutdown()
  }

  static func routing(_ push: PushCenter) async throws {
    print("== Routing")
    // Custom actions (anything but 0) go to the host's handler.
    await push.setHandler { payload, state in
      print(
        "  handler: action \(payload.action) (\(payload.customData["offer"] ?? "-")) in \(state)")
    }

    let campaign =
      #"{"_a": 0, "session_uuid": "session-17", "aps": {"alert": "2 for 1 today", "badge": 3}}"#
    let custom = #"{"_a": 4, "offer": "birthday-coffee", "aps": {"alert": "Happy birthday"}}"#
    let foreign = #"{"aps": {"alert": "Not ours"}, "chat_id": "99"}"#

    for (name, json, state) in [
      ("campaign", campaign, ApplicationState.active),
      ("campaign", campaign, .background),
      ("custom", custom, .background),
      ("another SDK's", foreign, .active),
    ] {
      let route = try await push.handleNotification(json: Data(json.utf8), state: state)
      print("\(name) push, app \(state): \(describe(route))")
    }
    print("badge: \(await push.badgeCount)")

    print("\n== Launched from a notification")
    // While the app is closed, the payload is kept until the host is ready for it.
    let route = try await push.handleNotification(json: Data(campaign.utf8), state: .closed)
    print("closed: \(describe(route))")
    let handled = await push.handlePendingNotification()
    let again = await push.handlePendingNotification()
    print("pending notification handled: \(handled); a second time: \(again)")
    try check(route == .pending && handled && !again, "the pending notification was not kept once")
  }

  static func registration(
    _ push: PushCenter, client: LoyaltyClient, backend: SandboxBackend
  ) async throws {
    print("\n== Device registration")
    // The client registered the device at start, in the background; wait for it here.
    let atStart = try await client.deviceRegistration.awaitStartRegistration()
    print("at start: \(describe(atStart)); server updates: \(backend.counters.deviceInfoUpdates)")
    try check(backend.counters.deviceInfoUpdates == 1, "the device was not registered at start")

    // A push token is a change: the info is sent again, with the token.
    let token = "7f3a9c0e1b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a"
    try await push.updateDeviceToken(token)
    let info = try await push.currentDeviceInfo()
    let registered = backend.deviceInfo(for: info.uniqueDeviceID)
    print(
      "registered \(info.platform) device \(info.uniqueDeviceID.prefix(8))..., "
        + "token on the server: \(registered?["device_token"]?.stringValue == token)")
    // Nothing changed, so nothing is sent.
    let sent = try await push.sendDeviceInfoIfNeeded()
    print(
      "sent again when nothing changed: \(sent); server updates: "
        + "\(backend.counters.deviceInfoUpdates)")
    try check(
      backend.counters.deviceInfoUpdates == 2 && !sent, "the device info was sent when unchanged")
  }

  static func limiter(_ push: PushCenter) async throws {
    print("\n== Notification limits (2 a day, 24 h between offers of one merchant)")
    var decisions: [LimitDecision] = []
    for merchant in ["bakery", "bakery", "florist", "bookshop"] {
      // requestPermission checks and records atomically.
      let decision = try await push.limiter.requestPermission(merchantID: merchant)
      print("\(merchant): \(decision.isAllowed ? "show it" : "not now, \(decision)")")
      decisions.append(decision)
    }
    let counts = try await push.limiter.counts()
    print("shown today \(counts.day), this week \(counts.week), this month \(counts.month)")
    try check(
      decisions.map(\.isAllowed) == [true, false, true, false]
        && decisions.last == .dailyLimitReached,
      "the limiter decided \(decisions)")
  }

  static func describe(_ outcome: DeviceRegistrationOutcome?) -> String {
    switch outcome {
    case .registered(let info)?: "registered (\(info.platform), \(info.systemName))"
    case .unchanged?: "unchanged since the last registration"
    case .failed(let error)?: "failed, retried on the next start: \(error.code)"
    case .disabledByPrivacy?: "not sent: the user turned push registration off"
    case nil: "not attempted"
    }
  }

  static func describe(_ route: PushRoute) -> String {
    switch route {
    case .notLoyalty: "not a loyalty push, left to the host"
    case .showCampaign(let url, let confirm): "show \(url.path)\(confirm ? ", after asking" : "")"
    case .forwarded(let action): "action \(action) forwarded to the handler"
    case .unhandled(let action): "action \(action), no handler"
    case .pending: "kept as pending"
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
