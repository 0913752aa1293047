import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("JSON request bodies")
struct JSONBodyEncodingTests {
  /// A deterministic generator, so that a failure can be replayed.
  struct Generator {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }

    /// Keys and strings with what needs escaping: quotes, backslashes, every kind of
    /// control character, slashes, non-ASCII letters and emoji.
    mutating func text() -> String {
      let pieces = [
        "a", "Z", "action", "\"", "\\", "/", "\u{08}", "\u{0C}", "\n", "\r", "\t", "\u{01}",
        "\u{1F}", "\u{7F}", "é", "ß", "中", "🙂", " ", "0", "", "key",
      ]
      return (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined()
    }

    mutating func value(depth: Int) -> JSONValue {
      switch next(depth > 2 ? 5 : 7) {
      case 0: return .null
      case 1: return .bool(next(2) == 0)
      case 2: return .integer([0, -1, 7, 1_200, Int.max, Int.min, -42][next(7)])
      case 3, 4: return .string(text())
      case 5: return .array((0..<next(4)).map { _ in value(depth: depth + 1) })
      default:
        var object: [String: JSONValue] = [:]
        for _ in 0..<next(7) { object[text()] = value(depth: depth + 1) }
        return .object(object)
      }
    }
  }

  private func body(of value: JSONValue) throws -> Data? {
    let endpoint = Endpoint<ResponseEnvelope>(
      name: "body", method: .post, path: "/api/{appUUID}/context", body: .json(value))
    return try NetworkClient.request(for: endpoint, configuration: NetworkFixtures.configuration())
      .body
  }

  @Test("a request's JSON body is byte for byte JSONValue.jsonData(), keys sorted by bytes")
  func matchesTheWriter() throws {
    var generator = Generator(state: 19)
    for _ in 0..<2_000 {
      let value = generator.value(depth: 0)
      #expect(try body(of: value) == (try value.jsonData()), "\(value)")
    }
  }

  @Test("the wrapped bodies the SDK sends, and numbers, which the writer formats")
  func wrappedAndNumbers() throws {
    let wrapped = RequestBody.wrapped(
      "consumer_data", ["action": "handle_user_details", "process": "get", "Zeta": 1, "é": true])
    guard case .json(let value) = wrapped else {
      Issue.record("a wrapped body is JSON")
      return
    }
    #expect(
      try body(of: value)
        == Data(
          #"{"consumer_data":{"Zeta":1,"action":"handle_user_details","process":"get","é":true}}"#
            .utf8))
    for number: JSONValue in [
      .number(1.5), .object(["a": .number(2), "b": "c"]), .array([.number(-0.25), 3]),
    ] {
      #expect(try body(of: number) == (try number.jsonData()))
    }
    let infinite = JSONValue.object(["a": .number(.infinity)])
    let error = try #require(throws: LoyaltyError.self) { try body(of: infinite) }
    #expect(error.code == .requestEncodingFailed)
  }
}
