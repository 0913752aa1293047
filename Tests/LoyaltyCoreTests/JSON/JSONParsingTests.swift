import Foundation
import LoyaltyCore
import Testing

/// `JSONValue(parsing:)` against `JSONDecoder` decoding `JSONValue` (its `Decodable`
/// conformance), the implementation it replaced: the same value, or an error from both.
@Suite("JSON parsing")
struct JSONParsingTests {
  /// What `JSONDecoder` makes of `text`, or `nil` when it throws.
  private func reference(_ bytes: Data) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: bytes)
  }

  private func parsed(_ bytes: Data) -> JSONValue? {
    try? JSONValue(parsing: bytes)
  }

  /// Whether `ours` is `reference`, but for the one documented difference: a whole number
  /// of 2^53 or more written with a fraction or an exponent stays the nearest `Double`,
  /// where `JSONDecoder` truncates its decimal digits to an `Int`.
  private func matches(_ ours: JSONValue?, _ reference: JSONValue?) -> Bool {
    switch (ours, reference) {
    case (nil, nil): return true
    case (.number(let number)?, .integer(let integer)?):
      return number.magnitude >= 0x1p53 && (Double(integer) - number).magnitude <= number.ulp
    case (.array(let left)?, .array(let right)?):
      return left.count == right.count && zip(left, right).allSatisfy { matches($0, $1) }
    case (.object(let left)?, .object(let right)?):
      return left.count == right.count && left.allSatisfy { matches($0.value, right[$0.key]) }
    default: return ours == reference
    }
  }

  static let edgeCases: [String] = [
    "1.0", "1e2", "1E+2", "-0", "-0.0", "0e0", "0.1e1", "1.5", "1e-2", "-1e-400", "1E400",
    "1.7976931348623157e309", "1.5e308", "4.9e-324", "2.5e-324", "12345678901234567890",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "18446744073709551616", "1.00000000000000000001", "01", "-01",
    "+1", ".5", "1.", "-", "1e", "1e+", "123abc", "NaN", "Infinity", "true", "tru", "nulll",
    "[true,false,null]", "\u{FEFF}{}", " 5 ", "\t\n 1", "", " ", "[", "[1] x", "/* c */ 1",
    "[1,]", "[,1]", "[1,,2]", "{,}", "{\"a\":1,}", "{\"a\":1,,}", "{\"a\" 1}", "{1:2}",
    "[1 2]", "{\"a\":1,\"a\":2}", "{\"\":1}", "[[[]]]", "\"\\ud800\"", "\"\\udc00\"",
    "\"\\ud800\\udc00\"", "\"\\ud800x\"", "\"\\ud800\\u0041\"", "\"\\u00e9\\u00E9\"",
    "\"\\u00g0\"", "\"\\x\"", "\"a\tb\"", "\"\u{7F}\"", "\"\\/\"", "\"\\\"\"", "\"\\u0000\"",
    "\"unterminated", "\"\\", "\"\\u12\"",
    #"{"status":"1","context":{"MAPP_PROFILE":{"name":"Maria","points":"1200"},"MAPP_PROFILE-status":1}}"#,
  ]

  @Test("edge cases parse as JSONDecoder parses them", arguments: edgeCases)
  func edgeCase(_ text: String) {
    let bytes = Data(text.utf8)
    #expect(parsed(bytes) == reference(bytes))
  }

  @Test("numbers with a fraction or an exponent are integers only below 2^53")
  func wholeNumbers() throws {
    #expect(try JSONValue(parsing: Data("1e2".utf8)) == .integer(100))
    #expect(
      try JSONValue(parsing: Data("9007199254740991.0".utf8)) == .integer(9_007_199_254_740_991))
    // JSONDecoder reads this one as the Int 92233720368547758, truncating.
    #expect(
      try JSONValue(parsing: Data("92233720368547758.08".utf8))
        == .number(92_233_720_368_547_758.08))
    #expect(reference(Data("92233720368547758.08".utf8)) == .integer(92_233_720_368_547_758))
  }

  @Test("a malformed number is an error even where a duplicate key's value is ignored")
  func numbersAreAlwaysChecked() {
    let text = Data(#"{"a": 1, "a": 1e2e3}"#.utf8)
    #expect(parsed(text) == nil)
    // JSONDecoder keeps the first "a" and never reads the second value.
    #expect(reference(text) == .object(["a": 1]))
  }

  @Test("nesting is limited to 512 arrays and objects, as in JSONDecoder")
  func nesting() {
    // JSONDecoder reads 512 levels and rejects 513 (not compared here: decoding
    // `JSONValue` that deep through it takes seconds).
    for depth in [512, 513] {
      let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let objects =
        String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
      #expect((parsed(Data(arrays.utf8)) == nil) == (depth > 512))
      #expect((parsed(Data(objects.utf8)) == nil) == (depth > 512))
    }
  }

  @Test("invalid UTF-8 in a string is an error")
  func invalidUTF8() {
    for bytes in [
      Data([0x22, 0xC3, 0x28, 0x22]), Data([0x22, 0xED, 0xA0, 0x80, 0x22]),
      Data([0x22, 0xFF, 0x22]),
    ] {
      #expect(parsed(bytes) == nil)
      #expect(reference(bytes) == nil)
    }
  }

  @Test("generated documents parse as JSONDecoder parses them")
  func generated() {
    var generator = RandomJSON(random: SeededRandom(seed: 0x5EED_0001))
    for round in 0..<3_000 {
      let value = generator.value()
      let bytes = Data(generator.text(of: value).utf8)
      let result = parsed(bytes)
      #expect(
        result == reference(bytes), "round \(round): \(String(decoding: bytes, as: UTF8.self))")
      #expect(result != nil, "round \(round)")
    }
  }

  @Test("damaged documents are rejected or read as JSONDecoder reads them")
  func damaged() {
    var generator = RandomJSON(random: SeededRandom(seed: 0x5EED_0002))
    let damage = Array(#"{}[]",:"\ 0-.eE+tfnu/"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
    for round in 0..<3_000 {
      var bytes = Array(generator.text(of: generator.value()).utf8)
      for _ in 0..<Int.random(in: 1...3, using: &generator.random) where !bytes.isEmpty {
        let position = Int.random(in: 0..<bytes.count, using: &generator.random)
        switch Int.random(in: 0..<3, using: &generator.random) {
        case 0: bytes.remove(at: position)
        case 1: bytes.insert(damage.randomElement(using: &generator.random) ?? 0, at: position)
        default: bytes[position] = damage.randomElement(using: &generator.random) ?? 0
        }
      }
      let data = Data(bytes)
      if Self.looksLikeUTF16Or32(bytes) {
        // JSONDecoder reads such text as UTF-16 or UTF-32; the SDK reads UTF-8 only.
        #expect(parsed(data) == nil, "round \(round): \(bytes)")
      } else {
        #expect(matches(parsed(data), reference(data)), "round \(round): \(bytes)")
      }
    }
  }

  @Test("UTF-16 and UTF-32 text is rejected: JSON between systems is UTF-8")
  func otherEncodings() {
    let text = #"{"a":1}"#
    #expect(reference(text.data(using: .utf16) ?? Data()) == .object(["a": 1]))
    for encoding in [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf16, .utf32] {
      #expect(parsed(text.data(using: encoding) ?? Data()) == nil)
    }
  }

  /// Whether `JSONDecoder` would take `bytes` for UTF-16 or UTF-32: a byte-order mark, or
  /// a zero byte among the first two.
  private static func looksLikeUTF16Or32(_ bytes: [UInt8]) -> Bool {
    bytes.prefix(2).contains(0) || bytes.starts(with: [0xFE, 0xFF])
      || bytes.starts(with: [0xFF, 0xFE])
  }

  @Test("a parse error is a typed invalidResponse that says where")
  func typedError() throws {
    let error = try #require(throws: LoyaltyError.self) {
      try JSONValue(parsing: Data(#"{"a": [1, 2,, 3]}"#.utf8))
    }
    #expect(error.code == .invalidResponse)
    #expect(error.message.hasSuffix("unexpected character at line 1, column 13 (byte 12)."))
  }
}
