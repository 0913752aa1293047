import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import Testing

/// Lists in any form the seed leaves open (`Docs/API.md`, "Lists in answers"): the same
/// values each time, every form but ours reported as drift, a failure only when the list
/// is nowhere.
@Suite("Lists in any form")
struct ListFormTests {
  typealias Shape = EnvelopeShapeTests.Shape

  static let older: JSONValue = [
    "entry_uuid": "e0", "entry_date": "2025-12-01 10:00:00", "points": "5", "type": "earn",
    "description": "d", "balance": "490",
  ]

  /// Points history answers: `result` in the given form.
  static func history(_ result: JSONValue, _ shape: Shape) throws -> HTTPResponse {
    try shape.body(["result": result])
  }

  static func decode(_ response: HTTPResponse, drift: DriftCollector) throws -> PointsHistory {
    try NetworkClient.decode(response, for: MarketEndpoints.pointsHistory.endpoint(drift: drift))
  }

  @Test(
    "points history answered as the list itself, under another name or as one entry",
    arguments: Shape.allCases,
    [
      ("bare", JSONValue.array([EnvelopeShapeTests.entry, older])),
      ("items", JSONValue.object(["items": [EnvelopeShapeTests.entry, older], "balance": "500"])),
      (
        "entries",
        JSONValue.object(["entries": [older, EnvelopeShapeTests.entry], "balance": "500"])
      ),
      ("data", JSONValue.object(["data": [EnvelopeShapeTests.entry, older], "balance": "500"])),
      (
        "seed name",
        JSONValue.object(["pointsHistory": [EnvelopeShapeTests.entry, older], "balance": "500"])
      ),
    ] as [(String, JSONValue)])
  func pointsHistoryForms(shape: Shape, form: (String, JSONValue)) throws {
    let drift = DriftCollector()
    let history = try Self.decode(try Self.history(form.1, shape), drift: drift)
    #expect(
      history.entries.map(\PointsHistoryEntry.id) == ["e1", "e0"], "newest first, whatever the form"
    )
    #expect(history.balanceIfSent == 500)
    let shapeDrift = drift.recorded.keys.filter { $0.kind == .unexpectedShape }.map(\.field)
    switch form.0 {
    case "seed name": #expect(drift.recorded.isEmpty, "the seed's own name is not drift")
    case "bare":
      #expect(shapeDrift == ["result"])
      #expect(drift.recorded[.init(field: "result.balance", kind: .missing)] == 1)
    default: #expect(shapeDrift == ["result.points_history"])
    }
  }

  @Test("our own form reports nothing")
  func ours() throws {
    let drift = DriftCollector()
    let history = try Self.decode(
      try Self.history(
        ["points_history": [Self.older, EnvelopeShapeTests.entry], "balance": "501"], .context),
      drift: drift)
    #expect(
      history.entries.map(\PointsHistoryEntry.id) == ["e1", "e0"] && history.balanceIfSent == 501)
    #expect(drift.recorded.isEmpty)
  }

  @Test(
    "a lone entry where the list goes is a list of one", arguments: ["points_history", "items"])
  func single(key: String) throws {
    let drift = DriftCollector()
    let history = try Self.decode(
      try Self.history([key: EnvelopeShapeTests.entry, "balance": "500"], .flat), drift: drift)
    #expect(history.entries.map(\PointsHistoryEntry.id) == ["e1"])
    #expect(drift.recorded[.init(field: "result.points_history", kind: .unexpectedShape)] == 1)
  }

  @Test("our key wins over an alternative; an explicit null is an empty history")
  func precedence() throws {
    let drift = DriftCollector()
    let both = try Self.decode(
      try Self.history(
        ["points_history": [EnvelopeShapeTests.entry], "items": [Self.older], "balance": 1],
        .context),
      drift: drift)
    #expect(both.entries.map(\PointsHistoryEntry.id) == ["e1"] && drift.recorded.isEmpty)
    let empty = try Self.decode(
      try Self.history(["points_history": .null, "balance": 0], .context), drift: drift)
    #expect(empty.entries.isEmpty)
  }

  @Test(
    "a history that is nowhere, or not a list in any form, fails naming the field",
    arguments: [
      (JSONValue.object(["balance": "500"]), LoyaltyError.Code.missingField),
      (JSONValue.object(["points_history": "none", "balance": "500"]), .decodingFailed),
      (JSONValue.string("just words"), .decodingFailed),
    ])
  func nowhere(result: JSONValue, code: LoyaltyError.Code) throws {
    let error = try #require(throws: LoyaltyError.self) {
      _ = try Self.decode(try Self.history(result, .context), drift: DriftCollector())
    }
    #expect(error.code == code)
    #expect(error.metadata["call"] == "points_history")
  }

  @Test("an unreadable value under our key is reported, never replaced by an alternative")
  func unreadableOwnKey() throws {
    let drift = DriftCollector()
    let coupons = try NetworkClient.decode(
      try Shape.context.body([
        "MAPP_COUPON": ["coupons": "none", "items": [EnvelopeShapeTests.coupon]],
        "MAPP_COUPON-status": 1,
      ]), for: MarketEndpoints.userCoupons.endpoint("en", drift: drift))
    #expect(coupons.isEmpty)
    #expect(drift.recorded[.init(field: "MAPP_COUPON.coupons", kind: .unexpectedShape)] == 1)
  }
}
