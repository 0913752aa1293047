import Foundation
import LoyaltyCore
import Testing

/// `JSONValue.jsonData()` against `JSONEncoder` (sorted keys, slashes unescaped) encoding
/// the same value through its `Encodable` conformance: the same bytes.
@Suite("JSON writing")
struct JSONWritingTests {
  private func reference(_ value: JSONValue) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  @Test("edge cases are written as JSONEncoder writes them")
  func edgeCases() throws {
    let values: [JSONValue] = [
      .number(1.0), .number(-0.0), .number(0.1), .number(1e16), .number(1e-7), .number(1e300),
      .number(2.5e-8), .number(123_456_789.125), .number(.leastNonzeroMagnitude),
      .number(.greatestFiniteMagnitude),
      .integer(.min), .integer(.max),
      .string("a/b\"c\\\u{01}\u{1F}\n\t\r\u{08}\u{0C}é😀\u{7F}\u{2028}"),
      .object([
        "\u{FFFD}": 1, "😀": 2, "é": 3, "e\u{301}x": 4, "f": 5, "10": 6, "9": 7, "B": 8, "_": 9,
      ]),
      .array([]), .object([:]), .null, .bool(false), .string(""),
    ]
    for value in values {
      #expect(try value.jsonData() == reference(value), "\(value)")
    }
  }

  @Test("generated values are written as JSONEncoder writes them")
  func generated() throws {
    var generator = RandomJSON(random: SeededRandom(seed: 0x5EED_0003))
    for round in 0..<3_000 {
      let value = generator.value()
      let ours = try value.jsonData()
      #expect(ours == (try reference(value)), "round \(round): \(value)")
      #expect(try JSONValue(parsing: ours) == value, "round \(round)")
    }
  }

  @Test("a number JSON cannot hold is a typed error")
  func nonFinite() {
    for number in [Double.nan, .infinity, -.infinity] {
      let error = #expect(throws: LoyaltyError.self) {
        try JSONValue.array([.number(number)]).jsonData()
      }
      #expect(error?.code == .requestEncodingFailed)
    }
  }
}
