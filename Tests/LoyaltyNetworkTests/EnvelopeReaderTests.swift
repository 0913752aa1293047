import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("Envelope reader")
struct EnvelopeReaderTests {
  static func reader(_ body: String) throws -> EnvelopeReader {
    try EnvelopeReader(body: Data(body.utf8), httpStatus: 200)
  }

  /// The value of the member `name`, and whether it came from `context`.
  static func member(_ reader: EnvelopeReader, _ name: String) -> (JSONValue, Bool)? {
    reader.member(name).map { (reader.tape.value($0.position), $0.isInContext) }
  }

  @Test("a member in the context only, at the top only, or in both (the context wins)")
  func members() throws {
    let reader = try Self.reader(
      #"{"status": "1", "top": 1, "both": "top", "context": {"inner": 2, "both": "inner"}}"#)
    let inner = try #require(Self.member(reader, "inner"))
    #expect(inner.0 == 2 && inner.1)
    let top = try #require(Self.member(reader, "top"))
    #expect(top.0 == 1 && !top.1)
    let both = try #require(Self.member(reader, "both"))
    #expect(both.0 == "inner" && both.1)
    #expect(reader.member("absent") == nil)
    // The top level's `context` is the wrapper, never a member.
    #expect(reader.member("context") == nil)
    #expect(reader.fields() == ["status": "1", "top": 1, "both": "inner", "inner": 2])
  }

  @Test(
    "the status is the top level's, else the context's",
    arguments: [
      (#"{"status": 1, "context": {}}"#, 1),
      (#"{"context": {"status": 2}}"#, 2),
      (#"{"status": 1, "context": {"status": 2}}"#, 1),
      (#"{"status": "x", "context": {"status": 2}}"#, 2),
      (#"{"status": null, "context": {"status": "3"}}"#, 3),
      (#"{"context": {"msg": "none"}}"#, nil),
      (#"{}"#, nil),
    ] as [(String, Int?)])
  func status(_ body: String, _ status: Int?) throws {
    let reader = try Self.reader(body)
    #expect(reader.status == status)
    #expect(ResponseEnvelope(reader, httpStatus: 200).status == status)
  }

  @Test(
    "a status is a number or a string holding one",
    arguments: [
      ("1", 1), (#""1""#, 1), (#"" 1 ""#, 1), (#""0""#, 0), (#""2""#, 2), ("1.0", 1),
      (#""1.0""#, 1), ("1.5", nil), (#""1.5""#, nil), (#""""#, nil), (#""one""#, nil),
      ("[1]", nil), ("{}", nil),
    ] as [(String, Int?)])
  func numericStatus(_ status: String, _ expected: Int?) throws {
    #expect(try Self.reader(#"{"status": \#(status)}"#).status == expected)
    #expect(try Self.reader(#"{"context": {"status": \#(status)}}"#).status == expected)
  }

  @Test("a null context holds nothing and is not drift")
  func nullContext() throws {
    let reader = try Self.reader(#"{"status": "1", "context": null, "msg": "hi"}"#)
    #expect(reader.context == nil)
    #expect(!reader.contextIsUnreadable)
    #expect(reader.status == 1)
    #expect(reader.message == "hi")
    #expect(reader.fields() == ["status": "1", "msg": "hi"])
  }

  @Test(
    "a context that is not an object is unreadable and holds nothing",
    arguments: [#"[{"msg": "in"}]"#, #""text""#, "1", "true"])
  func contextNotAnObject(_ context: String) throws {
    let reader = try Self.reader(#"{"status": "1", "msg": "top", "context": \#(context)}"#)
    #expect(reader.context == nil)
    #expect(reader.contextIsUnreadable)
    let message = try #require(Self.member(reader, "msg"))
    #expect(message.0 == "top" && !message.1)
    #expect(reader.fields() == ["status": "1", "msg": "top"])
  }

  @Test("an answer without a context reads its members at the top level")
  func noContext() throws {
    let reader = try Self.reader(#"{"status": "0", "msg": "nope"}"#)
    #expect(reader.context == nil)
    #expect(!reader.contextIsUnreadable)
    #expect(reader.status == 0)
    #expect(reader.message == "nope")
  }

  @Test("an empty body, and one that is not a JSON object, are typed errors")
  func notAnAnswer() throws {
    let empty = try #require(throws: LoyaltyError.self) { try Self.reader("") }
    #expect(empty.code == .emptyResponse)
    for body in ["[1, 2]", #""text""#, "1", "null", "true", "{", "<html>"] {
      let error = try #require(throws: LoyaltyError.self) { try Self.reader(body) }
      #expect(error.code == .invalidResponse, "\(body)")
      if let tape = try? JSONTape(parsing: Data(body.utf8)) {
        #expect(EnvelopeReader(tape) == nil, "\(body)")
      }
    }
    // The smallest object is an answer.
    #expect(EnvelopeReader(try JSONTape(parsing: Data("{}".utf8))) != nil)
  }

  @Test("the first of duplicate keys wins, in the context and at the top level")
  func duplicates() throws {
    let reader = try Self.reader(
      #"{"a": 1, "a": 2, "context": {"b": 3, "b": 4}, "context": {"b": 5}}"#)
    #expect(reader.fields() == ["a": 1, "b": 3])
    #expect(Self.member(reader, "b")?.0 == 3)
  }

  @Test("the message is the first non-empty text, in the order of its names")
  func message() throws {
    #expect(try Self.reader(#"{"msg": "", "message": "second"}"#).message == "second")
    #expect(try Self.reader(#"{"error": "last", "context": {"msg": "first"}}"#).message == "first")
    #expect(try Self.reader(#"{"error_description": 42}"#).message == "42")
    #expect(try Self.reader(#"{"context": {"msg": null}}"#).message == nil)
  }

  @Test("the envelope built from the reader equals the reader's fields and status")
  func envelope() throws {
    let body =
      #"{"status": "1", "context": {"MAPP_COUPON": {"a": [1]}, "MAPP_COUPON-status": "1"}}"#
    let envelope = try ResponseEnvelope(httpStatus: 201, body: Data(body.utf8))
    let reader = try Self.reader(body)
    #expect(envelope == ResponseEnvelope(reader, httpStatus: 201))
    #expect(envelope.fields == reader.fields())
    #expect(envelope.status(ofDomain: "MAPP_COUPON") == 1)
    #expect(envelope.message == reader.message)
  }
}
