import Foundation
import LoyaltyCore
import LoyaltyPush
import Testing

@Suite("PushPayload")
struct PushPayloadTests {
  @Test("parses the platform's campaign payload")
  func campaignPayload() throws {
    let json = #"""
      {"_a": 0, "session_uuid": "abc-123", "aps": {"alert": "New offer!", "badge": 1,
       "sound": "default"}, "campaign": {"id": 7}, "source": "crm"}
      """#
    let payload = try #require(try PushPayload.parse(Data(json.utf8)))
    #expect(payload.action == 0)
    #expect(payload.isDefaultAction)
    #expect(payload.sessionUUID == "abc-123")
    #expect(payload.aps == PushAPS(body: "New offer!", badge: 1, sound: "default"))
    #expect(payload.customData == ["campaign": #"{"id":7}"#, "source": "crm"])
  }

  @Test("accepts _a as a string, alerts with title and body, and dictionaries from the platform")
  func variants() throws {
    let userInfo: [AnyHashable: Any] = [
      "_a": "3", "aps": ["alert": ["title": "Hi", "body": "There"], "category": "share"],
      "msg": "hello",
    ]
    let payload = try #require(try PushPayload.parse(userInfo))
    #expect(payload.action == 3)
    #expect(!payload.isDefaultAction)
    #expect(payload.message == "hello")
    #expect(payload.aps?.title == "Hi")
    #expect(payload.aps?.body == "There")
    #expect(payload.aps?.category == "share")
  }

  @Test("a payload without _a is not ours and is left alone")
  func notOurs() throws {
    #expect(try PushPayload.parse(Data(#"{"aps": {"alert": "other SDK"}}"#.utf8)) == nil)
    #expect(try PushPayload.parse([AnyHashable: Any]()) == nil)
  }

  @Test(
    "malformed payloads are typed errors, never crashes",
    arguments: [
      #"{"_a": "garbage"}"#,
      #"{"_a": true}"#,
      #"{"_a": 1.5}"#,
      #"{"_a": 0, "aps": "not a dictionary"}"#,
      #"{"_a": 0, "aps": {"alert": 5}}"#,
      #"{"_a": 0, "aps": {"badge": "many"}}"#,
      #"{"_a": 0, "session_uuid": ["x"]}"#,
      "[1, 2, 3]",
      "not json at all",
      "",
    ])
  func malformed(_ json: String) throws {
    let error = try #require(throws: LoyaltyError.self) { try PushPayload.parse(Data(json.utf8)) }
    #expect(error.code == .invalidPushPayload)
  }

  @Test("huge payloads are rejected before parsing")
  func huge() throws {
    let big = #"{"_a": 0, "blob": ""# + String(repeating: "x", count: 100_000) + #""}"#
    let error = try #require(throws: LoyaltyError.self) { try PushPayload.parse(Data(big.utf8)) }
    #expect(error.code == .invalidPushPayload)
  }

  @Test("PushModule requires a network client and names the product to add")
  func moduleRequirement() async throws {
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example", preset: .testing)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await LoyaltyClient.start(configuration, modules: [PushModule()])
    }
    #expect(error.code == .missingRequirement)
    #expect(
      error.message
        == "LoyaltyPush requires a network client: add NetworkModule(transport: .urlSession) "
        + "from LoyaltyNetwork and LoyaltyURLSession.")
  }
}
