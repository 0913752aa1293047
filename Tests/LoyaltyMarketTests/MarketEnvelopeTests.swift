import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@testable import LoyaltyMarket

/// The market reads an answer's members where the network's envelope reader finds them,
/// with both engines alike.
@Suite("The market's reading of the envelope")
struct MarketEnvelopeTests {
  /// What a decode of `body` as a coupon answer gave, and its drift, with `engine`.
  static func coupon(_ body: String, _ engine: MarketDecoding.Engine) -> (
    Result<JSONValue, LoyaltyError>, [DriftCollector.Entry: Int]
  ) {
    let drift = DriftCollector()
    let response = HTTPResponse(status: 200, headers: [:], body: Data(body.utf8))
    let result = Result { () throws(LoyaltyError) -> JSONValue in
      do {
        return try MarketDecoding.decode(
          JSONValue.self, in: CouponDomain.self, from: response, call: "coupon", drift: drift,
          engine: engine)
      } catch let error as LoyaltyError {
        throw error
      } catch {
        throw LoyaltyError(.internalInconsistency, "\(error)")
      }
    }
    return (result, drift.recorded)
  }

  static let unreadableContext = DriftCollector.Entry(field: "context", kind: .unexpectedShape)

  @Test(
    "a payload in the context, at the top level, or in both (the context wins)",
    arguments: MarketDecoding.Engine.allForTests)
  func payload(_ engine: MarketDecoding.Engine) throws {
    let inContext = #"{"status": "1", "context": {"MAPP_COUPON": {"a": 1}}}"#
    #expect(try Self.coupon(inContext, engine).0.get() == ["a": 1])
    let atTop = #"{"status": 1, "MAPP_COUPON": {"a": 2}, "MAPP_COUPON-status": "1"}"#
    #expect(try Self.coupon(atTop, engine).0.get() == ["a": 2])
    let both = #"{"status": 1, "MAPP_COUPON": {"a": 2}, "context": {"MAPP_COUPON": {"a": 3}}}"#
    #expect(try Self.coupon(both, engine).0.get() == ["a": 3])
  }

  @Test(
    "a context that is not an object is drift and its members are read at the top level",
    arguments: MarketDecoding.Engine.allForTests)
  func unreadableContext(_ engine: MarketDecoding.Engine) throws {
    let (result, drift) = Self.coupon(
      #"{"status": "1", "MAPP_COUPON": {"a": 1}, "context": [1]}"#, engine)
    #expect(try result.get() == ["a": 1])
    #expect(drift == [Self.unreadableContext: 1])
    let (null, none) = Self.coupon(
      #"{"status": "1", "MAPP_COUPON": {"a": 1}, "context": null}"#, engine)
    #expect(try null.get() == ["a": 1])
    #expect(none.isEmpty)
  }

  @Test(
    "the domain's status decides, else the envelope's, top level first",
    arguments: MarketDecoding.Engine.allForTests)
  func status(_ engine: MarketDecoding.Engine) throws {
    let declined = #"{"status": "1", "context": {"MAPP_COUPON": {}, "MAPP_COUPON-status": 0}}"#
    #expect(throws: LoyaltyError.self) { try Self.coupon(declined, engine).0.get() }
    let topFirst = #"{"status": "1", "context": {"MAPP_COUPON": {}, "status": "0"}}"#
    #expect(try Self.coupon(topFirst, engine).0.get() == [:])
    let contextOnly = #"{"context": {"MAPP_COUPON": {}, "status": "1"}}"#
    #expect(try Self.coupon(contextOnly, engine).0.get() == [:])
    let missing = Self.coupon(#"{"context": {"MAPP_COUPON": {}}}"#, engine).0
    #expect(throws: LoyaltyError.self) { try missing.get() }
    if case .failure(let error) = missing {
      #expect(error.code == .serverStatus)
      #expect(error.metadata["serverStatus"] == "missing")
    }
    // A status that cannot be read is an answer that does not fit, not a missing one.
    let unreadable = Self.coupon(#"{"status": [1], "MAPP_COUPON": {}}"#, engine).0
    if case .failure(let error) = unreadable {
      #expect(error.code == .decodingFailed)
    } else {
      Issue.record("an unreadable status was accepted")
    }
  }

  @Test(
    "the message is `msg`, then `message`, wherever each is",
    arguments: MarketDecoding.Engine.allForTests)
  func message(_ engine: MarketDecoding.Engine) throws {
    let bodies = [
      (#"{"status": "0", "message": "second", "context": {"msg": "first"}}"#, "first"),
      (#"{"status": "0", "msg": "", "context": {"message": "second"}}"#, "second"),
      (#"{"status": "0", "error": "ignored", "message": 7}"#, "7"),
    ]
    for (body, message) in bodies {
      guard case .failure(let error) = Self.coupon(body, engine).0 else {
        Issue.record("\(body) was accepted")
        continue
      }
      #expect(error.code == .serverStatus)
      #expect(error.message.contains(": \(message)"), "\(error.message)")
    }
    guard case .failure(let error) = Self.coupon(#"{"status": "0", "error": "x"}"#, engine).0
    else {
      Issue.record("a declined answer was accepted")
      return
    }
    #expect(error.message.contains("(status 0)"), "\(error.message)")
  }

  @Test(
    "a body that is not an object does not fit; one that is not JSON is invalid",
    arguments: MarketDecoding.Engine.allForTests)
  func notAnAnswer(_ engine: MarketDecoding.Engine) throws {
    for body in ["[]", "1", "null", #""text""#] {
      guard case .failure(let error) = Self.coupon(body, engine).0 else {
        Issue.record("\(body) was accepted")
        continue
      }
      #expect(error.code == .decodingFailed, "\(body)")
    }
    for body in ["", "{", "not json"] {
      guard case .failure(let error) = Self.coupon(body, engine).0 else {
        Issue.record("\(body) was accepted")
        continue
      }
      #expect(error.code == .invalidResponse, "\(body)")
    }
  }
}

extension MarketDecoding.Engine {
  /// Both engines, for tests that must hold for each.
  static let allForTests: [Self] = [.tape, .foundation]
}
