import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltySandbox

/// The object forms, on the replies the sandbox sends: each moves the object where its
/// form says, and leaves declines and other answers as they are.
@Suite("Sandbox: object forms")
struct ObjectFormTests {
  static let card: JSONValue = ["token": "t-1", "card_number": "**** 1111"]
  static let profile: JSONValue = ["uuid": "u-1", "points": 450]

  static func members(_ reply: SandboxReply) -> [String: JSONValue] {
    guard case .envelope(_, let members) = reply.body else { return [:] }
    return members
  }

  @Test("bare: a keyed object becomes the payload; an object already bare stays")
  func bare() {
    let keyed = SandboxReply.result(["card": Self.card])
    let moved = keyed.reshaped(object: .model("card", keyed: true), form: .bare, wrapper: "cards")
    #expect(Self.members(moved)["result"] == Self.card)
    let own = SandboxReply.result(Self.profile)
    let kept = own.reshaped(
      object: .model("profile", keyed: false), form: .bare, wrapper: "consumer_data")
    #expect(Self.members(kept)["result"] == Self.profile)
  }

  @Test("wrapped: a bare object goes under its member; a keyed one stays")
  func wrapped() {
    let own = SandboxReply.result(Self.profile)
    let moved = own.reshaped(
      object: .model("profile", keyed: false), form: .wrapped, wrapper: "consumer_data")
    #expect(Self.members(moved)["result"] == ["profile": Self.profile])
    let keyed = SandboxReply.result(["card": Self.card])
    let kept = keyed.reshaped(
      object: .model("card", keyed: true), form: .wrapped, wrapper: "cards")
    #expect(Self.members(kept)["result"] == ["card": Self.card])
  }

  @Test("domain: result moves under MAPP_<WRAPPER>, with its status; lists too")
  func domain() {
    let moved = SandboxReply.result(["card": Self.card]).reshaped(
      object: .model("card", keyed: true), form: .domain, wrapper: "cards")
    #expect(Self.members(moved)["result"] == nil)
    #expect(Self.members(moved)["MAPP_CARDS"] == ["card": Self.card])
    #expect(Self.members(moved)["MAPP_CARDS-status"] == 1)
    let list = SandboxReply.result(["cards": [Self.card]]).reshaped(
      object: .list("cards"), form: .domain, wrapper: "cards")
    #expect(Self.members(list)["MAPP_CARDS"] == ["cards": [Self.card]])
    // A domain answer has no `result` to move.
    let campaign = SandboxReply.context("MAPP_CAMPAIGNING", ["campaign": ["session_uuid": "s"]])
    let kept = campaign.reshaped(
      object: .model("campaign", keyed: true), form: .domain, wrapper: nil)
    #expect(Self.members(kept) == Self.members(campaign))
  }

  @Test("declines and errors are sent as they are, in every form")
  func declines() {
    let error = SandboxReply.error(400, "no")
    let declined = SandboxReply(status: 200, body: .envelope(status: "0", members: ["msg": "no"]))
    for form in SandboxObjectForm.allCases {
      let sent = error.reshaped(object: .model("card", keyed: true), form: form, wrapper: "cards")
      #expect(sent.status == 400)
      if case .json(let body) = sent.body {
        #expect(body["msg"] == "no")
      } else {
        Issue.record("the error's body changed in \(form)")
      }
      let kept = declined.reshaped(
        object: .model("card", keyed: true), form: form, wrapper: "cards")
      #expect(Self.members(kept) == ["msg": "no"], "\(form)")
    }
  }
}
