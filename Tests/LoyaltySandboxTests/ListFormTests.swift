import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltySandbox

/// The list forms, on answers built as the handlers build them: what each form makes of a
/// payload with a list and a sibling, and what it leaves alone.
@Suite("Sandbox: list forms of an answer")
struct ListFormTests {
  static let first: JSONValue = ["entry_uuid": "e1", "points": "10"]
  static let second: JSONValue = ["entry_uuid": "e2", "points": "-5"]
  static let history = SandboxReply.result(
    ["points_history": [first, second], "balance": "120"])

  /// The payload the points history has in `form`.
  static func expectedHistory(_ form: SandboxListForm) -> JSONValue {
    switch form {
    case .keyed: ["points_history": [first, second], "balance": "120"]
    case .bare: [first, second]
    case .items: ["items": [first, second], "balance": "120"]
    case .entries: ["entries": [first, second], "balance": "120"]
    case .single: ["points_history": first, "balance": "120"]
    }
  }

  /// The body `reply` is sent as, laid out in `form` and `envelope`.
  func body(
    _ reply: SandboxReply, _ answer: SandboxRoute.Answer, _ form: SandboxListForm,
    _ envelope: SandboxEnvelope = .context
  ) throws -> JSONValue {
    try JSONValue(parsing: reply.reshaped(list: answer, form: form).encodedBody(envelope))
  }

  @Test("each form, on a result with a list and a sibling", arguments: SandboxListForm.allCases)
  func resultForms(form: SandboxListForm) throws {
    let sent = try body(Self.history, .list("points_history"), form)
    #expect(sent == ["status": "1", "context": ["result": Self.expectedHistory(form)]])
  }

  @Test(
    "each form, on a domain answer: the domain's status stays beside it",
    arguments: SandboxListForm.allCases)
  func domainForms(form: SandboxListForm) throws {
    let reply = SandboxReply.context(
      "MAPP_COUPON", ["redeemed_coupons": [Self.first], "total_redeemed_value": "1.50"])
    let sent = try body(reply, .list("redeemed_coupons"), form)
    let expected: JSONValue =
      switch form {
      case .keyed: ["redeemed_coupons": [Self.first], "total_redeemed_value": "1.50"]
      case .bare: [Self.first]
      case .items: ["items": [Self.first], "total_redeemed_value": "1.50"]
      case .entries: ["entries": [Self.first], "total_redeemed_value": "1.50"]
      case .single: ["redeemed_coupons": Self.first, "total_redeemed_value": "1.50"]
      }
    #expect(
      sent == ["status": "1", "context": ["MAPP_COUPON": expected, "MAPP_COUPON-status": 1]])
  }

  @Test("each form, in the flat envelope", arguments: SandboxListForm.allCases)
  func flatForms(form: SandboxListForm) throws {
    let sent = try body(Self.history, .list("points_history"), form, .flat)
    #expect(sent == ["status": "1", "result": Self.expectedHistory(form)])
    let shops = try body(
      .context("MAPP_SHOPS", ["shops": [Self.first, Self.second]]), .list("shops"), form, .flat)
    let expected: JSONValue =
      switch form {
      case .keyed: ["shops": [Self.first, Self.second]]
      case .bare: [Self.first, Self.second]
      case .items: ["items": [Self.first, Self.second]]
      case .entries: ["entries": [Self.first, Self.second]]
      case .single: ["shops": Self.first]
      }
    #expect(shops == ["status": "1", "MAPP_SHOPS": expected, "MAPP_SHOPS-status": 1])
  }

  @Test("single keeps an empty list as [], siblings and all")
  func singleEmpty() throws {
    let empty = SandboxReply.result(["points_history": [], "balance": "0"])
    let sent = try body(empty, .list("points_history"), .single)
    #expect(
      sent == ["status": "1", "context": ["result": ["points_history": [], "balance": "0"]]])
    let bare = try body(empty, .list("points_history"), .bare)
    #expect(bare == ["status": "1", "context": ["result": []]])
  }

  @Test(
    "declines, errors, answers without a list, a key the payload lacks: as they are",
    arguments: SandboxListForm.allCases)
  func untouched(form: SandboxListForm) throws {
    let unchanged: [(SandboxReply, SandboxRoute.Answer)] = [
      (.declined("Insufficient points.", domain: "MAPP_COUPON"), .list("coupons")),
      (.declined("The card has expired."), .list("cards")),
      (.error(400, "The field \"token\" is required."), .list("cards")),
      (.badField("process", "must be \"get\""), .list("points_history")),
      (Self.history, .object),
      (Self.history, .noPayload),
      (Self.history, .list("transactions")),
      (.result(["points_history": "not a list"]), .list("points_history")),
      (.ok(["attemptsLeft": 3, "otpExpirySeconds": 120]), .list("attemptsLeft")),
    ]
    for (reply, answer) in unchanged {
      for envelope in SandboxEnvelope.allCases {
        #expect(
          try body(reply, answer, form, envelope) == body(reply, answer, .keyed, envelope),
          "\(reply.body) as \(answer) in \(form), \(envelope)")
      }
    }
  }

  @Test("a raw body and a reply's status and headers are kept")
  func rawAndHeaders() throws {
    var reply = Self.history
    reply.headers.add(name: "ETag", value: "\"v1\"")
    let reshaped = reply.reshaped(list: .list("points_history"), form: .items)
    #expect(reshaped.status == 200)
    #expect(reshaped.headers["ETag"] == "\"v1\"")
    let raw = SandboxReply(status: 200, body: .raw(Data([0x1f, 0x8b])))
    #expect(
      raw.reshaped(list: .list("x"), form: .bare).encodedBody(.context) == Data([0x1f, 0x8b]))
  }
}
