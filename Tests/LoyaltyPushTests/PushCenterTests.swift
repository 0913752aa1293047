import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyPush
import Testing

@Suite("PushCenter: detection, routing, pending, analytics, badge")
struct PushCenterTests {
  static var campaign: [AnyHashable: Any] {
    [
      "_a": 0, "session_uuid": "abc-123", "aps": ["alert": "New offer!", "badge": 3],
    ]
  }

  @Test("a payload with _a is ours; anything else is left to the host")
  func detection() async throws {
    let harness = PushHarness()
    #expect(harness.center.isLoyaltyNotification(Self.campaign))
    #expect(!harness.center.isLoyaltyNotification(["aps": ["alert": "other"]]))
    let route = try await harness.center.handleNotification(["aps": ["alert": "x"]], state: .active)
    #expect(route == .notLoyalty)
    #expect(harness.tracker.tracked.isEmpty)
    #expect(harness.sink.events.isEmpty)
  }

  @Test("in the foreground a campaign asks for confirmation; confirming records the engagement")
  func activeState() async throws {
    let harness = PushHarness()
    let route = try await harness.center.handleNotification(Self.campaign, state: .active)
    let url = try #require(URL(string: "https://loyalty.test/api/session/abc-123"))
    #expect(route == .showCampaign(url, requiresConfirmation: true))
    #expect(harness.tracker.tracked == ["NB_PushReceived"])
    let show = try #require(harness.sink.events(of: ShowCampaignRequested.self).first)
    #expect(show.requiresConfirmation)
    #expect(show.url == url)
    #expect(harness.sink.events(of: PushReceived.self).first?.state == .active)

    let payload = try #require(try PushPayload.parse(Self.campaign))
    await harness.center.userDidEngage(with: payload)
    #expect(harness.tracker.tracked == ["NB_PushReceived", "NB_PushAck"])
    #expect(harness.sink.events(of: PushEngaged.self).count == 1)
  }

  @Test("opened from the background a campaign shows at once and counts as engagement")
  func backgroundState() async throws {
    let harness = PushHarness()
    let route = try await harness.center.handleNotification(Self.campaign, state: .background)
    guard case .showCampaign(_, let confirm) = route else {
      Issue.record("expected a campaign, got \(route)")
      return
    }
    #expect(!confirm)
    #expect(harness.tracker.tracked == ["NB_PushReceived", "NB_PushAck"])
    #expect(harness.sink.names.contains(PushEngaged.eventName))
  }

  @Test("launched from a notification, it is kept and handled once by handlePendingNotification")
  func closedState() async throws {
    let store = InMemoryKeyValueStore()
    let harness = PushHarness(store: store)
    #expect(try await harness.center.handleNotification(Self.campaign, state: .closed) == .pending)
    #expect(harness.sink.events(of: ShowCampaignRequested.self).isEmpty)

    // The app finishes launching: a new center over the same store handles it.
    let relaunched = PushHarness(store: store)
    #expect(await relaunched.center.handlePendingNotification())
    #expect(relaunched.sink.events(of: ShowCampaignRequested.self).count == 1)
    #expect(relaunched.tracker.tracked == ["NB_PushAck"])
    #expect(await !relaunched.center.handlePendingNotification())
  }

  @Test("custom actions go to the handler, held weakly, or to a closure")
  func customActions() async throws {
    let harness = PushHarness()
    var handler: RecordingPushHandler? = RecordingPushHandler()
    await harness.center.setHandler(handler)
    let custom = Data(#"{"_a": "7", "session_uuid": "s"}"#.utf8)
    #expect(
      try await harness.center.handleNotification(json: custom, state: .active)
        == .forwarded(action: 7))
    #expect(handler?.calls.map(\.0) == [7])
    #expect(handler?.calls.map(\.1) == [.active])

    handler = nil
    #expect(
      try await harness.center.handleNotification(json: custom, state: .active)
        == .unhandled(action: 7))

    let received = RecordingTracker()
    await harness.center.setHandler { payload, _ in
      _ = try? await received.track("action-\(payload.action)", parameters: [:])
    }
    #expect(
      try await harness.center.handleNotification(json: custom, state: .background)
        == .forwarded(action: 7))
    #expect(received.tracked == ["action-7"])
  }

  @Test(
    "only _a 0 opens a campaign: 1 and -1, the actions beside it, go to the handler",
    arguments: [(0, true), (1, false), (-1, false)])
  func defaultActionBoundary(action: Int, opensCampaign: Bool) async throws {
    let harness = PushHarness()
    let handler = RecordingPushHandler()
    await harness.center.setHandler(handler)
    let payload = Data(#"{"_a": \#(action), "session_uuid": "abc-123"}"#.utf8)
    let route = try await harness.center.handleNotification(json: payload, state: .background)
    let url = try #require(URL(string: "https://loyalty.test/api/session/abc-123"))
    if opensCampaign {
      #expect(route == .showCampaign(url, requiresConfirmation: false))
      #expect(handler.calls.isEmpty)
    } else {
      #expect(route == .forwarded(action: action))
      #expect(handler.calls.map(\.0) == [action])
      #expect(harness.sink.events(of: ShowCampaignRequested.self).isEmpty)
    }
  }

  @Test("malformed loyalty payloads are typed errors, never crashes")
  func malformed() async throws {
    let harness = PushHarness()
    for bad in [#"{"_a": "x"}"#, #"{"_a": 0, "aps": 5}"#, #"{"_a": [1]}"#] {
      let error = try await #require(throws: LoyaltyError.self) {
        _ = try await harness.center.handleNotification(json: Data(bad.utf8), state: .active)
      }
      #expect(error.code == .invalidPushPayload)
    }
    let huge =
      Data(#"{"_a":0,"x":""#.utf8) + Data(repeating: 0x61, count: 70_000) + Data(#""}"#.utf8)
    await #expect(throws: LoyaltyError.self) {
      _ = try await harness.center.handleNotification(json: huge, state: .active)
    }
  }

  @Test("a campaign push without a session is not shown")
  func missingSession() async throws {
    let harness = PushHarness()
    #expect(
      try await harness.center.handleNotification(["_a": 0], state: .background)
        == .unhandled(action: 0))
  }

  @Test("the badge follows payloads and resets to zero with an event")
  func badge() async throws {
    let harness = PushHarness()
    _ = try await harness.center.handleNotification(Self.campaign, state: .active)
    #expect(await harness.center.badgeCount == 3)
    await harness.center.resetBadge()
    #expect(await harness.center.badgeCount == 0)
    #expect(harness.sink.events(of: BadgeChanged.self).map(\.count) == [3, 0])
  }
}

@Suite("PushCenter: device registration")
struct DeviceRegistrationTests {
  @Test("updateDeviceToken stores the token and sends the device info")
  func updateToken() async throws {
    let harness = PushHarness()
    try await harness.center.updateDeviceToken("apns-token-1")
    #expect(try await harness.center.deviceToken() == "apns-token-1")
    let request = try #require(harness.transport.requests.first)
    #expect(
      request.url.absoluteString.hasSuffix("/api/async/info/0123456789abcdef0123456789abcdef/"))
    let info = try JSONValue(parsing: request.body ?? Data())["device_info"]
    #expect(info?["device_token"] == "apns-token-1")
    #expect(info?["bundle_identifier"] == "com.example.push")
    #expect(info?["app_version"] == "2.1")
    #expect(info?["app_build"] == "42")
    #expect(info?["platform"]?.stringValue?.isEmpty == false)
    #expect(info?["unique_device_id"]?.stringValue?.isEmpty == false)
    #expect(
      harness.tracker.tracked == [
        "custom_success_device_info_loyalty", "custom_success_update_device_token_loyalty",
      ])

    await #expect(throws: LoyaltyError.self) { try await harness.center.updateDeviceToken("") }
    #expect(harness.tracker.tracked.last == "custom_error_update_device_token_loyalty")
  }

  @Test("device info is sent only when it changed since the last successful send")
  func onlyWhenChanged() async throws {
    let store = InMemoryKeyValueStore()
    let harness = PushHarness(store: store)
    #expect(try await harness.center.sendDeviceInfoIfNeeded())
    #expect(try await !harness.center.sendDeviceInfoIfNeeded())
    let relaunched = PushHarness(store: store)
    #expect(try await !relaunched.center.sendDeviceInfoIfNeeded(), "remembered across launches")
    try await relaunched.center.updateDeviceToken("new-token")
    #expect(relaunched.transport.requests.count == 1, "a new token is a change")
    try await relaunched.center.sendDeviceInfo()
    #expect(relaunched.transport.requests.count == 2, "sendDeviceInfo always sends")
  }

  @Test("a failed send is not remembered, so the next launch tries again")
  func failedSend() async throws {
    let store = InMemoryKeyValueStore()
    let failing = PushHarness(store: store, status: { 500 })
    await #expect(throws: LoyaltyError.self) { try await failing.center.sendDeviceInfoIfNeeded() }
    #expect(failing.tracker.tracked == ["custom_error_device_info_loyalty"])
    let working = PushHarness(store: store)
    #expect(try await working.center.sendDeviceInfoIfNeeded())
  }
}

@Suite("PushModule")
struct PushModuleTests {
  @Test("registers the push center next to the network")
  func module() async throws {
    let transport = InMemoryHTTPTransport { _ in
      HTTPResponse(status: 200, body: Data(#"{"status":"1"}"#.utf8))
    }
    let client = try await LoyaltyClient.start(
      PushHarness.configuration, modules: [PushModule(), NetworkModule()],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: transport))
    let push = try client.push
    #expect(push.deviceRegistration === (try client.deviceRegistration))
    guard case .registered? = try await client.deviceRegistration.awaitStartRegistration() else {
      Issue.record("the client did not register the device at start")
      return
    }
    #expect(transport.requests.count == 1)
    try await push.updateDeviceToken("t")
    #expect(transport.requests.count == 2, "a new token is a change")
    let info = try JSONValue(parsing: transport.requests.last?.body ?? Data())["device_info"]
    #expect(info?["device_token"] == "t")
    await client.shutdown()
  }
}
