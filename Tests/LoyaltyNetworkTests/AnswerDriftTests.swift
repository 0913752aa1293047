import Foundation
import LoyaltyNetwork
import Testing

@Suite("AnswerDrift: what the envelope reader notices, in words")
struct AnswerDriftTests {
  private func lines(_ json: String, status: Int = 200, list: String? = nil) -> [String] {
    AnswerDrift.lines(httpStatus: status, body: Data(json.utf8), listKey: list)
  }

  @Test("our own layout has no drift")
  func ours() {
    #expect(lines(#"{"status": "1", "context": {"MAPP_X": {"items2": [1]}}}"#).isEmpty)
    let keyed = #"{"status": 1, "context": {"MAPP_COUPON": {"coupons": [{"a": 1}]}}}"#
    #expect(lines(keyed, list: "coupons").isEmpty)
  }

  @Test("a flat envelope, a missing status and an unreadable context are named")
  func envelope() {
    #expect(
      lines(#"{"status": 1, "MAPP_X": {}}"#)
        == ["members at the top level, no context (a flat envelope)"])
    #expect(lines(#"{"context": {"MAPP_X": {}}}"#) == ["no status member"])
    #expect(
      lines(#"{"status": 1, "context": 3}"#)
        == ["context is neither an object nor null: read as if absent"])
  }

  @Test("a list in another form says which and where; nowhere says so")
  func lists() {
    #expect(
      lines(#"{"status": 1, "context": {"result": [{"a": 1}]}}"#, list: "coupons")
        == ["list coupons: bare, under result"])
    #expect(
      lines(#"{"status": 1, "context": {"MAPP_COUPON": {"items": []}}}"#, list: "coupons")
        == ["list coupons: renamed, under MAPP_COUPON"])
    #expect(
      lines(#"{"status": 1, "context": {"MAPP_COUPON": {"coupons": {"a": 1}}}}"#, list: "coupons")
        == ["list coupons: single, under MAPP_COUPON"])
    #expect(
      lines(#"{"status": 1, "context": {"MAPP_COUPON": {}}}"#, list: "coupons")
        == ["list coupons: not found in the answer"])
    // An error answer is not read for its list.
    #expect(lines(#"{"status": 0, "context": {"msg": "no"}}"#, list: "coupons").isEmpty)
  }

  @Test("a body that is not a JSON object says why")
  func unreadable() {
    #expect(lines("<html></html>").count == 1)
    #expect(lines("[1]").first?.contains("not an object") == true)
    #expect(lines("", status: 204).first?.contains("empty") == true)
  }
}
