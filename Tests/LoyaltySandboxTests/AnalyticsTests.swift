import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("Sandbox: analytics ingestion and device info")
struct AnalyticsTests {
  @Test("a gzip batch is stored; sending it again only counts duplicates")
  func deduplication() async throws {
    let harness = SandboxHarness()
    let events = (1...5).map { TestEndpoints.event("evt-\($0)") }
    let first = try await harness.client.send(TestEndpoints.analytics(events))
    #expect(first["accepted"] == 5)
    #expect(first["duplicates"] == 0)
    let again = try await harness.client.send(
      TestEndpoints.analytics(events + [TestEndpoints.event("evt-6")]))
    #expect(again["accepted"] == 1)
    #expect(again["duplicates"] == 5)

    let counters = harness.backend.counters
    #expect(counters.analyticsBatches == 2)
    #expect(counters.analyticsEventsReceived == 11)
    #expect(counters.analyticsEventsAccepted == 6)
    #expect(counters.analyticsDuplicates == 5)
    #expect(harness.backend.analyticsEvents.count == 6)
    // The body went over the wire compressed.
    #expect(harness.backend.analyticsEvents.first?["event_id"] == "evt-1")
  }

  @Test("invalid events are named in a 400 and nothing of the batch is stored")
  func rejection() async throws {
    let harness = SandboxHarness()
    let bad: JSONValue = ["event_id": "evt-bad", "name": "has spaces", "timestamp": "yesterday"]
    let request = try harness.signed(
      .post, "/api/async/analytics/\(SandboxHarness.appUUID)/",
      json: ["events": [TestEndpoints.event("evt-ok"), bad, ["name": "no_id"]]])
    let (status, body) = try await harness.raw(request)
    #expect(status == 400)
    #expect(body?["rejected"] == ["evt-bad"])
    #expect(body?["rejected_indexes"] == [1, 2])
    #expect(harness.backend.analyticsEvents.isEmpty)
    #expect(harness.backend.counters.analyticsRejected == 2)
  }

  @Test("a batch over 100 events or 475 KB is answered 413")
  func tooLarge() async throws {
    let harness = SandboxHarness()
    let many = (0...100).map { TestEndpoints.event("evt-\($0)") }
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(TestEndpoints.analytics(many))
    }
    #expect(error.code == .payloadTooLarge)

    let padding = String(repeating: "x", count: 500 * 1_024)
    let heavy: JSONValue = [
      "event_id": "evt-heavy", "name": "heavy", "timestamp": "2026-11-21T10:00:00Z",
      "parameters": ["blob": .string(padding)],
    ]
    let large = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(TestEndpoints.analytics([heavy]))
    }
    #expect(large.code == .payloadTooLarge)
    #expect(harness.backend.analyticsEvents.isEmpty)
  }

  /// A registration body with the seed's names (seed, "Device Info Payload").
  static func seedInfo(token: String?, device: String) -> [String: JSONValue] {
    var info: [String: JSONValue] = [
      "platform": "ios", "vendor": "apple", "os_version": "17.2",
      "unique_device_id": .string(device), "ios_system_name": "iOS",
      "ios_system_version": "17.2", "ios_model": "iPhone15,2", "ios_locale": "el_GR",
      "ios_languages": ["el", "en"], "screen_resolution": "1179x2556",
      "bundle_identifier": "com.example.app", "app_version": "4.2.0", "app_build": "421",
      "sdk_version": "0.1.0", "development": false,
    ]
    info["device_token"] = token.map(JSONValue.string)
    return info
  }

  static func register(_ info: [String: JSONValue]) -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: "deviceInfo", method: .post, path: "/api/async/info/{appUUID}/",
      body: .wrapped("device_info", info))
  }

  @Test("device info is kept per unique_device_id, the latest winning")
  func deviceInfo() async throws {
    let harness = SandboxHarness()
    _ = try await harness.client.send(
      Self.register(Self.seedInfo(token: "t-1", device: "device-a")))
    _ = try await harness.client.send(
      Self.register(Self.seedInfo(token: "t-2", device: "device-a")))
    _ = try await harness.client.send(
      Self.register(Self.seedInfo(token: "t-3", device: "device-b")))
    #expect(harness.backend.deviceInfo(for: "device-a")?["device_token"] == "t-2")
    #expect(harness.backend.deviceInfo(for: "device-b")?["device_token"] == "t-3")
    #expect(harness.backend.counters.deviceInfoUpdates == 3)
    let missing = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(Self.register(["platform": "linux"]))
    }
    #expect(missing.metadata["status"] == "400")
  }

  @Test("device info: the seed's optional fields may be left out; its required ones may not")
  func deviceInfoFields() async throws {
    let harness = SandboxHarness()
    var minimal = Self.seedInfo(token: nil, device: "device-c")
    for optional in ["ios_model", "screen_resolution", "app_version", "app_build"] {
      minimal[optional] = nil
    }
    _ = try await harness.client.send(Self.register(minimal))
    #expect(harness.backend.deviceInfo(for: "device-c") != nil)

    for required in ["ios_system_name", "ios_system_version", "ios_locale", "os_version"] {
      var info = Self.seedInfo(token: nil, device: "device-d")
      info[required] = nil
      let error = try await #require(throws: LoyaltyError.self) {
        _ = try await harness.client.send(Self.register(info))
      }
      #expect(error.metadata["status"] == "400", "\(required) is required")
    }
    var wrongType = Self.seedInfo(token: nil, device: "device-d")
    wrongType["development"] = "false"
    await #expect(throws: LoyaltyError.self) {
      _ = try await harness.client.send(Self.register(wrongType))
    }
    #expect(harness.backend.deviceInfo(for: "device-d") == nil)
  }

  @Test("device info under names that are not the seed's is refused, naming the seed's")
  func deviceInfoLegacyNames() async throws {
    let harness = SandboxHarness()
    for (old, new) in [
      ("system_name", "ios_system_name"), ("locale", "ios_locale"),
      ("languages", "ios_languages"),
    ] {
      var info = Self.seedInfo(token: nil, device: "device-e")
      info[old] = info[new]
      let error = try await #require(throws: LoyaltyError.self) {
        _ = try await harness.client.send(Self.register(info))
      }
      #expect(error.message.contains("device_info.\(old)"))
      #expect(error.message.contains(new))
    }
    #expect(harness.backend.counters.deviceInfoUpdates == 0)
  }
}
