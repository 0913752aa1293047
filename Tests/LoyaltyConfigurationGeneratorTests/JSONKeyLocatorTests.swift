import LoyaltyConfigurationGenerator
import Testing

@Suite("JSONKeyLocator")
struct JSONKeyLocatorTests {
  static let text = """
    {
      "appUUID": "abc",
      "note": "a \\"quoted\\" {brace} and \\\\ backslash",
      "network": {
        "requestTimeout": 0,
        "retryJitter": 2
      },
      "device": { "languages": ["el", "en"] }
    }
    """

  @Test("top-level and nested keys are found at their opening quote")
  func keys() {
    let locator = JSONKeyLocator(text: Self.text)
    #expect(locator.syntaxError == nil)
    #expect(locator.location(of: "appUUID") == SourceLocation(line: 2, column: 3))
    #expect(locator.location(of: "network") == SourceLocation(line: 4, column: 3))
    #expect(locator.location(of: "network.requestTimeout") == SourceLocation(line: 5, column: 5))
    #expect(locator.location(of: "network.retryJitter") == SourceLocation(line: 6, column: 5))
  }

  @Test("array elements are found at their first character")
  func arrayElements() {
    let locator = JSONKeyLocator(text: Self.text)
    #expect(locator.location(of: "device.languages[1]") == SourceLocation(line: 8, column: 35))
  }

  @Test("a field that is not written is reported at its nearest written parent")
  func missingFieldFallsBack() {
    let locator = JSONKeyLocator(text: Self.text)
    #expect(locator.location(of: "network.maxRetryAttempts") == SourceLocation(line: 4, column: 3))
    #expect(locator.location(of: "device.languages[5]") == SourceLocation(line: 8, column: 15))
    #expect(locator.location(of: "bundleID") == nil)
  }

  @Test(
    "malformed JSON is reported where scanning stopped",
    arguments: [
      ("{\n  \"a\": 1,\n  b: 2\n}", 3, 3),
      ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3),
      ("{\n  \"a\": tru\n}", 2, 8),
      ("{\n  \"a\": \"open\n}", 2, 13),
      ("{\n  \"a\": [1, 2\n", 3, 1),
      ("{} x", 1, 4),
    ])
  func syntaxErrors(_ text: String, _ line: Int, _ column: Int) {
    let locator = JSONKeyLocator(text: text)
    #expect(locator.syntaxError?.location == SourceLocation(line: line, column: column))
    #expect(locator.syntaxError?.message.isEmpty == false)
  }

  @Test("columns count UTF-8 bytes and lines count line feeds")
  func utf8Columns() {
    let locator = JSONKeyLocator(text: "{\"α\": 1,\r\n \"b\": 2}")
    #expect(locator.location(of: "α") == SourceLocation(line: 1, column: 2))
    #expect(locator.location(of: "b") == SourceLocation(line: 2, column: 2))
  }
}
