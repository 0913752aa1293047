import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("Envelope: where a payload is placed")
struct PayloadPlacementTests {
  /// `payloadName` over an answer with the members `names`, in order.
  static func placed(_ name: String, in names: [String]) -> String? {
    EnvelopeReader.payloadName(name, has: { names.contains($0) }, members: { names })
  }

  @Test(
    "a call's own member first, else the other placement a backend built from the seed uses",
    arguments: [
      // Its own member, wherever the others are.
      ("MAPP_COUPON", ["result", "MAPP_COUPON"], "MAPP_COUPON"),
      ("result", ["MAPP_COUPON", "result"], "result"),
      // A domain's payload under `result`.
      ("MAPP_COUPON", ["status", "result"], "result"),
      // `result` under the first domain that is not a `-status`.
      ("result", ["status", "MAPP_COUPON-status", "MAPP_COUPON", "MAPP_OTHER"], "MAPP_COUPON"),
      // Nothing there: never another domain's member, never a `-status`, never `status`.
      ("MAPP_COUPON", ["status", "MAPP_OTHER"], nil),
      ("result", ["status", "msg", "MAPP_COUPON-status"], nil),
      ("result", [], nil),
    ] as [(String, [String], String?)])
  func placement(_ name: String, _ names: [String], _ expected: String?) {
    #expect(Self.placed(name, in: names) == expected)
  }

  @Test("the reader and the flattened envelope find a payload at the same place")
  func readerAndEnvelope() throws {
    let bodies: [(String, String, String?)] = [
      (#"{"status": 1, "context": {"result": {"a": 1}}}"#, "MAPP_COUPON", "result"),
      (
        #"{"status": 1, "MAPP_COUPON-status": 1, "MAPP_COUPON": {"a": 1}}"#, "result", "MAPP_COUPON"
      ),
      (#"{"status": 1, "context": {"MAPP_COUPON": {"a": 1}}}"#, "MAPP_COUPON", "MAPP_COUPON"),
      (#"{"status": 1, "context": {"msg": "ok"}}"#, "MAPP_COUPON", nil),
    ]
    for (body, name, expected) in bodies {
      let reader = try EnvelopeReader(body: Data(body.utf8), httpStatus: 200)
      let envelope = try ResponseEnvelope(httpStatus: 200, body: Data(body.utf8))
      let fromReader = reader.payload(name)
      let fromEnvelope = envelope.payload(name)
      #expect(fromReader?.name == expected, "\(body)")
      #expect(fromEnvelope?.name == expected, "\(body)")
      if let fromReader, let fromEnvelope {
        #expect(reader.tape.value(fromReader.member.position) == fromEnvelope.value)
        #expect(fromEnvelope.value == ["a": 1])
      }
    }
  }

  @Test(
    "a word under a list's own name (or an alias) is the list unreadable, not another name's",
    arguments: [
      #"{"campaigns": "none", "items": [1]}"#,
      #"{"offers": "none", "items": [1]}"#,
      #"{"campaigns": 0, "offers": [1], "items": [2]}"#,
    ])
  func ownNameWins(_ body: String) throws {
    let payload = try JSONValue(parsing: Data(body.utf8))
    let found = AnswerList.elements(of: "campaigns", aliases: ["offers"], in: payload)
    if body.contains(#""offers": [1]"#) {
      // The alias holds a list: it is read, whatever the own name holds.
      #expect(found?.elements == [1])
    } else {
      #expect(found == nil)
    }
  }

  @Test("without the list's own names, the alternative names are read")
  func alternativeNames() throws {
    let payload = try JSONValue(parsing: Data(#"{"items": [1, 2]}"#.utf8))
    let found = AnswerList.elements(of: "campaigns", aliases: ["offers"], in: payload)
    #expect(found?.elements == [1, 2])
    #expect(found?.form == .renamed)
  }
}
