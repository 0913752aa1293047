import Testing

@testable import LoyaltyBarcode

/// GS1-128: the element string's form, its FNC1 characters, and what it refuses.
@Suite("GS1-128 encoder")
struct GS1128EncoderTests {
  @Test("FNC1 after the start, the digits in set C, the batch in set B")
  func example() throws {
    let payload = "(01)09501101530003(17)250101(10)ABC123"
    let elementString = try GS1ElementString(parsing: payload)
    let plan = Code128Planner.plan(elementString.elements).map(Int.init)
    #expect(
      plan == [
        105, 102, 1, 9, 50, 11, 1, 53, 0, 3, 17, 25, 1, 1, 10, 100, 33, 34, 35, 17, 18, 19,
      ])
    let symbol = try GS1128Encoder().encode(payload)
    #expect(symbol.symbology == .gs1128)
    #expect(symbol.text == "01095011015300031725010110ABC123")
    #expect(symbol.humanReadable == payload)
    #expect(elementString.dataCharacters == 32)
  }

  @Test("an FNC1, reported as GS, after a variable-length element that is not the last")
  func separators() throws {
    let symbol = try GS1128Encoder().encode("(10)ABC123(17)250101(21)X1")
    #expect(symbol.text == "10ABC123\u{1D}1725010121X1")
    let elements = try GS1ElementString(parsing: "(10)ABC123(17)250101(21)X1").elements
    #expect(elements.filter { $0 == Code128Planner.fnc1 }.count == 2)
    // Fixed-length elements need none, and the last never does.
    let fixed = try GS1128Encoder().encode("(01)09501101530003(3103)000189(10)1(21)2")
    #expect(fixed.text == "0109501101530003310300018910" + "1\u{1D}212")
  }

  /// The reason GS1-128 refuses `payload`, or `nil` when it encodes.
  func reason(_ payload: String) -> BarcodeError.Reason? {
    do {
      _ = try GS1128Encoder().encode(payload)
      return nil
    } catch {
      #expect(error.symbology == .gs1128)
      return error.reason
    }
  }

  /// Whether GS1-128 refuses `payload` as an element string.
  func isInvalid(_ payload: String) -> Bool {
    if case .invalidElementString = reason(payload) { return true }
    return false
  }

  @Test(
    "element strings GS1 does not allow",
    arguments: [
      "0109501101530003",  // no parentheses
      "(01",  // no closing parenthesis
      "(1)23",  // an AI of one digit
      "(12345)1",  // of five
      "(0A)1",  // not digits
      "(01)",  // no data
      "(10)ABC(21)",  // the last without data
      "(01)0950110153000",  // 13 digits where 14 are due
      "(01)095011015300031",  // 15
      "(01)09501101530004",  // a wrong check digit
      "(01)09501101530002",  // the other way
      "(17)2501AB",  // a date of letters
      "(310)123456",  // a weight's AI of three digits
      "(10)ABC DEF",  // a space, outside GS1's characters
      "(10)ABC#",  // "#" too
      "(10)ABC\u{1D}",  // and GS
      "(10)é",  // and anything beyond ASCII
      "(10)123456789012345678901",  // 21 characters where 20 are allowed
      "(30)12A",  // a count of letters
      "x(10)A",  // text before the first AI
    ])
  func invalid(payload: String) {
    #expect(isInvalid(payload), "\(payload)")
  }

  @Test("an empty payload")
  func empty() {
    #expect(reason("") == .empty)
  }

  @Test("exactly 48 data characters, and 49")
  func maximumLength() {
    // 16 + 22 + 1 (FNC1) + 2 + 7 = 48.
    let base = "(01)09501101530003(10)" + String(repeating: "X", count: 20) + "(21)"
    #expect(reason(base + "1234567") == nil)
    #expect(reason(base + "12345678") == .tooLong(maximum: 48, actual: 49))
  }

  @Test(
    "an amount's AI (390n, 392n): up to 15 digits, digits only; 390 alone is another AI",
    arguments: ["3901", "3923"])
  func amounts(ai: String) {
    let fifteen = "123456789012345"
    #expect(reason("(\(ai))\(fifteen)") == nil)
    #expect(isInvalid("(\(ai))\(fifteen)6"), "16 digits")
    #expect(isInvalid("(\(ai))12A"), "a letter")
  }

  @Test("an unknown AI that only starts like an amount's takes text")
  func amountLookalikes() {
    // Three digits, and four of another family: up to 90 characters, not digits only.
    #expect(reason("(390)12A") == nil)
    #expect(reason("(3911)12A") == nil)
  }

  @Test("unknown AIs of two to four digits pass with any GS1 characters")
  func unknownAIs() throws {
    #expect(try GS1128Encoder().encode("(99)a-b/c.d").text == "99a-b/c.d")
    #expect(try GS1128Encoder().encode("(7003)2501011200").text == "70032501011200")
    #expect(try GS1128Encoder().encode("(10)<&>'\"%").text == "10<&>'\"%")
  }
}
