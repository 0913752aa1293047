import LoyaltyConfigurationGenerator
import LoyaltyCore
import Testing

/// Where the configuration generator says a field or a syntax error is: read from the
/// positions the SDK's JSON parser keeps (`JSONTape.location(ofField:)`) and the
/// `JSONSyntaxError` it throws, not from a scanner of its own.
@Suite("Field locations")
struct FieldLocationTests {
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

  static func tape(_ text: String) throws -> JSONTape {
    try JSONTape(bytes: Array(text.utf8))
  }

  @Test("top-level and nested keys are found at their opening quote")
  func keys() throws {
    let tape = try Self.tape(Self.text)
    #expect(tape.location(ofField: "appUUID") == SourceLocation(line: 2, column: 3))
    #expect(tape.location(ofField: "network") == SourceLocation(line: 4, column: 3))
    #expect(tape.location(ofField: "network.requestTimeout") == SourceLocation(line: 5, column: 5))
    #expect(tape.location(ofField: "network.retryJitter") == SourceLocation(line: 6, column: 5))
  }

  @Test("array elements are found at their first character")
  func arrayElements() throws {
    let tape = try Self.tape(Self.text)
    #expect(tape.location(ofField: "device.languages[0]") == SourceLocation(line: 8, column: 29))
    #expect(tape.location(ofField: "device.languages[1]") == SourceLocation(line: 8, column: 35))
  }

  @Test("elements of nested arrays and objects in arrays")
  func nestedElements() throws {
    let tape = try Self.tape("{\"a\": [[1, {\"b\": [true]}], {\"c\": null}]}")
    #expect(tape.location(ofField: "a[0]") == SourceLocation(line: 1, column: 8))
    #expect(tape.location(ofField: "a[0][1]") == SourceLocation(line: 1, column: 12))
    #expect(tape.location(ofField: "a[0][1].b[0]") == SourceLocation(line: 1, column: 19))
    #expect(tape.location(ofField: "a[1].c") == SourceLocation(line: 1, column: 29))
  }

  @Test("a field that is not written is reported at its nearest written parent")
  func missingFieldFallsBack() throws {
    let tape = try Self.tape(Self.text)
    #expect(
      tape.location(ofField: "network.maxRetryAttempts") == SourceLocation(line: 4, column: 3))
    #expect(tape.location(ofField: "device.languages[5]") == SourceLocation(line: 8, column: 15))
    #expect(tape.location(ofField: "appUUID.inner") == SourceLocation(line: 2, column: 3))
    #expect(tape.location(ofField: "network[0]") == SourceLocation(line: 4, column: 3))
    #expect(tape.location(ofField: "bundleID") == nil)
    #expect(tape.location(ofField: "") == nil)
  }

  @Test("of duplicate keys the first is found, as the SDK reads the first")
  func duplicateKeys() throws {
    let tape = try Self.tape("{\"a\": 1,\n \"a\": 2}")
    #expect(tape.location(ofField: "a") == SourceLocation(line: 1, column: 2))
  }

  @Test("a key with escapes is found by its text")
  func escapedKey() throws {
    let tape = try Self.tape("{\"x\": 0, \"k\\u0065y\": 1}")
    #expect(tape.location(ofField: "key") == SourceLocation(line: 1, column: 10))
  }

  @Test(
    "malformed JSON is reported at the byte where it stops being JSON",
    arguments: [
      ("{\n  \"a\": 1,\n  b: 2\n}", 3, 3),
      ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3),
      // The line feed after `tru`: the first byte that cannot be `true`.
      ("{\n  \"a\": tru\n}", 2, 11),
      ("{\n  \"a\": \"open\n}", 2, 13),
      ("{\n  \"a\": [1, 2\n", 3, 1),
      ("{} x", 1, 4),
    ])
  func syntaxErrors(_ text: String, _ line: Int, _ column: Int) throws {
    let error = try #require(throws: JSONSyntaxError.self) { try Self.tape(text) }
    #expect(
      SourceLocation(line: error.position.line, column: error.position.column)
        == SourceLocation(line: line, column: column))
    #expect(!error.reason.isEmpty)
    // The generator reports it there, in the `path:line:column` form.
    let diagnostics = Self.diagnostics(text)
    #expect(diagnostics.map(\.location) == [SourceLocation(line: line, column: column)])
    #expect(
      diagnostics.first?.description.hasPrefix(
        "loyalty.json:\(line):\(column): error: The configuration is not valid JSON: \(error.reason)"
      )
        == true)
  }

  @Test("columns count UTF-8 bytes and lines count line feeds")
  func utf8Columns() throws {
    let tape = try Self.tape("{\"α\": 1,\r\n \"b\": 2}")
    #expect(tape.location(ofField: "α") == SourceLocation(line: 1, column: 2))
    #expect(tape.location(ofField: "b") == SourceLocation(line: 2, column: 2))
    // "é" is two bytes: the next key is one column further than after "e".
    let wide = try Self.tape("{\"é\": 1, \"x\": 2}")
    let narrow = try Self.tape("{\"e\": 1, \"x\": 2}")
    #expect(wide.location(ofField: "x") == SourceLocation(line: 1, column: 11))
    #expect(narrow.location(ofField: "x") == SourceLocation(line: 1, column: 10))
  }

  static func diagnostics(_ text: String) -> [ConfigurationDiagnostic] {
    do {
      _ = try ConfigurationGenerator(apiKey: nil).configuration(text: text, path: "loyalty.json")
      return []
    } catch {
      return error.diagnostics
    }
  }
}
