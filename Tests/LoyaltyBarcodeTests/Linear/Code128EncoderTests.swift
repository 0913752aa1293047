import Testing

@testable import LoyaltyBarcode

/// Code 128: the patterns, the check character, the choice of code sets, and the payloads
/// it refuses.
@Suite("Code 128 encoder")
struct Code128EncoderTests {
  /// The values of the symbol of `text`: start, data and check characters.
  func values(_ text: String) -> [Int] {
    let plan = Code128Planner.plan(Array(text.utf8))
    return (plan + [Code128Patterns.checkValue(plan)]).map(Int.init)
  }

  @Test("the 107 patterns: 11 modules of three bars (13 and four for stop), all distinct")
  func patterns() {
    let modules = Code128Patterns.modules
    #expect(modules.count == 107)
    #expect(Set(modules).count == 107)
    for (value, pattern) in modules.enumerated() {
      let width = value == 106 ? 13 : 11
      let bits = (0..<width).map { pattern & (1 << UInt16(width - 1 - $0)) != 0 }
      #expect(pattern >> UInt16(width) == 0, "value \(value)")
      #expect(bits.first == true && bits.last == (value == 106), "value \(value)")
      let bars = zip(bits, [false] + bits).filter { $0 && !$1 }.count
      #expect(bars == (value == 106 ? 4 : 3), "value \(value)")
    }
  }

  @Test("PJJ123C: start B, seven characters of set B, check character 55")
  func wikipediaExample() throws {
    #expect(values("PJJ123C") == [104, 48, 42, 42, 17, 18, 19, 35, 55])
    let symbol = try Code128Encoder().encode("PJJ123C")
    let modules = linearModules(symbol)
    #expect(modules.hasPrefix("11010010000"))  // start B
    #expect(modules.hasSuffix("1100011101011"))  // stop
    #expect(modules.count == 9 * 11 + 13)
    #expect(symbol.matrix.quietZone == .init(left: 10, right: 10, top: 0, bottom: 0))
    #expect(symbol.text == "PJJ123C")
    #expect(symbol.humanReadable == nil)
  }

  @Test("digits in set C: 123456 is start C and three pairs, check 44")
  func setC() {
    #expect(values("123456") == [105, 12, 34, 56, 44])
    #expect(values("12") == [105, 12, 14])
  }

  @Test("the fewest characters: where set C starts and ends")
  func switching() {
    // Two letters, then an odd digit in B and three pairs in C: the symbol ends in set C.
    #expect(values("AB1234567").dropLast() == [104, 33, 34, 17, 99, 23, 45, 67])
    // Odd digits: one in set B, then two pairs, as cheap as two pairs then one.
    #expect(values("12345").dropLast() == [104, 17, 99, 23, 45])
    // Three digits save nothing in set C; four in the middle of text save nothing either.
    #expect(values("123").dropLast() == [104, 17, 18, 19])
    #expect(values("a1234b").dropLast() == [104, 65, 17, 18, 19, 20, 66])
    // Six in the middle save one.
    #expect(values("a123456b").dropLast() == [104, 65, 99, 12, 34, 56, 100, 66])
    // Digits at the end: four save one.
    #expect(values("a1234").dropLast() == [104, 65, 99, 12, 34])
  }

  @Test("control characters in set A, lower case in B, a shift for a single one")
  func setsAAndB() {
    #expect(values("\u{1}\u{2}\u{3}").dropLast() == [103, 65, 66, 67])
    #expect(values("ab\u{1}cd").dropLast() == [104, 65, 66, 98, 65, 67, 68])
    #expect(values("\u{1}\u{2}a\u{3}").dropLast() == [103, 65, 66, 98, 65, 67])
    #expect(values("\u{1}\u{2}ab").dropLast() == [103, 65, 66, 100, 65, 66])
    #expect(values("\u{0}\u{7F}").dropLast() == [104, 98, 64, 95])
  }

  @Test("the edges of sets A and B: an underscore is the last in A, a grave accent the first in B")
  func setEdges() {
    // An underscore (95) stays in set A; a grave accent (96) needs a shift to B.
    #expect(values("\u{1}_\u{1}").dropLast() == [103, 65, 63, 65])
    #expect(values("\u{1}`\u{1}").dropLast() == [103, 65, 98, 64, 65])
    // A space (32) is in set B; the last control character (31) needs a shift to A.
    #expect(values("a b").dropLast() == [104, 65, 0, 66])
    #expect(values("a\u{1F}b").dropLast() == [104, 65, 98, 95, 66])
    // The planner's costs hold the same edges: three grave accents between two control
    // characters take a latch to B (eight characters), not a shift each (nine).
    #expect(values("\u{1}```\u{1}").dropLast().count == 8)
    // Spaces cost one in set B: a lower-case letter, five spaces and three control
    // characters start in B (as cheap as starting in A, and B comes first on a tie).
    let spaces = values("a     \u{1}\u{2}\u{3}").dropLast()
    #expect(spaces.count == 11)
    #expect(spaces.first == 104)
  }

  @Test(
    "the cost without tables equals the plan's length",
    arguments: [
      "a", "12", "12345", "AB1234567", "a\u{1}b\u{2}c", "0123456789abc\u{1F}\u{7F}99",
    ])
  func costMatchesPlan(text: String) {
    let elements = Array(text.utf8)
    #expect(Code128Planner.cost(of: elements) == Code128Planner.plan(elements).count - 1)
  }

  /// The error of Code 128 for `payload`, or `nil` when it encodes.
  func reason(_ payload: String) -> BarcodeError.Reason? {
    do {
      _ = try Code128Encoder().encode(payload)
      return nil
    } catch {
      #expect(error.symbology == .code128)
      return error.reason
    }
  }

  @Test("ASCII up to U+007F, nothing beyond")
  func characters() {
    #expect(reason("a\u{7F}") == nil)
    #expect(reason("\u{0}") == nil)
    #expect(reason("ab\u{80}") == .unsupportedCharacter("\u{80}", offset: 2))
    #expect(reason("café") == .unsupportedCharacter("é", offset: 3))
    // A combining accent: the offset is that of the character it belongs to.
    #expect(reason("cafe\u{301}!") == .unsupportedCharacter("e\u{301}", offset: 3))
    #expect(reason("\r\n€") == .unsupportedCharacter("€", offset: 1))
    #expect(reason("") == .empty)
  }

  @Test("exactly the maximum of symbol characters, and one more")
  func maximumLength() {
    let maximum = Code128Encoder.maximumSymbolCharacters
    #expect(reason(String(repeating: "a", count: maximum)) == nil)
    #expect(
      reason(String(repeating: "a", count: maximum + 1))
        == .tooLong(maximum: maximum, actual: maximum + 1))
    #expect(reason(String(repeating: "7", count: 2 * maximum)) == nil)
    #expect(
      reason(String(repeating: "7", count: 2 * maximum + 2))
        == .tooLong(maximum: maximum, actual: maximum + 1))
    // Far beyond: the count comes from the planner without tables.
    #expect(
      reason(String(repeating: "a", count: 10_000)) == .tooLong(maximum: maximum, actual: 10_000))
  }

  @Test("the height: by default 15 % of the width and at least 32; else as given")
  func height() throws {
    #expect(try Code128Encoder().encode("1").matrix.height == 32)
    let long = try Code128Encoder().encode(String(repeating: "a", count: 80))
    #expect(long.matrix.width == 935)
    #expect(long.matrix.height == 141)
    #expect(try Code128Encoder(height: 5).encode("1").matrix.height == 5)
    #expect(throws: BarcodeError.self) { try Code128Encoder(height: 0).encode("1") }
  }
}
