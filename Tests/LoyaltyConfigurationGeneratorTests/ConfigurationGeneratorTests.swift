import LoyaltyConfigurationGenerator
import LoyaltyCore
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite("ConfigurationGenerator")
struct ConfigurationGeneratorTests {
  static func file(appUUID: String = "0123456789abcdef0123456789abcdef", apiKey: String) -> String {
    """
    {
      "appUUID": "\(appUUID)",
      "bundleID": "com.example.app",
      "apiKey": "\(apiKey)",
      "environment": "development",
      "network": { "requestTimeout": 10 }
    }
    """
  }

  func diagnostics(
    _ text: String, apiKey: String? = nil
  ) -> [ConfigurationDiagnostic] {
    do {
      _ = try ConfigurationGenerator(apiKey: apiKey).configuration(text: text, path: "loyalty.json")
      return []
    } catch {
      return error.diagnostics
    }
  }

  @Test("the API key placeholder is replaced by LOYALTY_API_KEY")
  func placeholderSubstituted() throws {
    let configuration = try ConfigurationGenerator(apiKey: "build-key-0123456789")
      .configuration(text: Self.file(apiKey: "$LOYALTY_API_KEY"), path: "loyalty.json")
    #expect(configuration.apiKey == "build-key-0123456789")
  }

  @Test("a written API key is kept even when LOYALTY_API_KEY is set")
  func writtenKeyKept() throws {
    let configuration = try ConfigurationGenerator(apiKey: "build-key-0123456789")
      .configuration(text: Self.file(apiKey: "file-key-0123456789"), path: "loyalty.json")
    #expect(configuration.apiKey == "file-key-0123456789")
  }

  @Test("the placeholder without LOYALTY_API_KEY fails at the apiKey line", arguments: [nil, ""])
  func placeholderWithoutKey(_ apiKey: String?) {
    let found = diagnostics(Self.file(apiKey: "$LOYALTY_API_KEY"), apiKey: apiKey)
    #expect(found.map(\.location) == [SourceLocation(line: 4, column: 3)])
    #expect(found.first?.message.contains("LOYALTY_API_KEY") == true)
  }

  @Test("a 31-character app UUID fails at the appUUID line with the SDK's message")
  func invalidAppUUID() {
    let found = diagnostics(Self.file(appUUID: String(repeating: "a", count: 31), apiKey: "k"))
    #expect(found.count == 1)
    #expect(found.first?.location == SourceLocation(line: 2, column: 3))
    #expect(found.first?.description.hasPrefix("loyalty.json:2:3: error: appUUID") == true)
    #expect(found.first?.message.contains("LOY-1002") == true)
  }

  @Test("every validation error is reported, each at its own field")
  func everyValidationError() {
    let text = """
      {
        "appUUID": "0123456789abcdef0123456789abcdef",
        "bundleID": "com/example",
        "language": "greek",
        "network": {
          "maxConcurrentRequests": 1000
        }
      }
      """
    #expect(
      diagnostics(text).map(\.location) == [
        SourceLocation(line: 3, column: 3), SourceLocation(line: 4, column: 3),
        SourceLocation(line: 6, column: 5),
      ])
  }

  @Test("a decoding error is reported at the field of the wrong type")
  func decodingError() {
    let text = """
      {
        "appUUID": "0123456789abcdef0123456789abcdef",
        "bundleID": "com.example.app",
        "token": {
          "retryDelays": [0, "one", 5]
        }
      }
      """
    let found = diagnostics(text)
    #expect(found.map(\.location) == [SourceLocation(line: 5, column: 24)])
    #expect(found.first?.message.contains("retryDelays") == true)
  }

  @Test("a missing required field is reported at the top of the file, by name")
  func missingField() {
    let found = diagnostics("{\n  \"appUUID\": \"0123456789abcdef0123456789abcdef\"\n}")
    #expect(found.map(\.location) == [nil])
    #expect(found.first?.description.hasPrefix("loyalty.json:1:1: error: ") == true)
    #expect(found.first?.message.contains("bundleID") == true)
  }

  @Test("malformed JSON is reported where it stops being JSON")
  func malformed() {
    let found = diagnostics("{\n  \"appUUID\": \"x\",\n  bundleID: \"y\"\n}")
    #expect(found.map(\.location) == [SourceLocation(line: 3, column: 3)])
  }

  @Test("the generated file holds an internal accessor that decodes the validated values")
  func generatedShape() throws {
    let source = try ConfigurationGenerator(apiKey: "build-key-0123456789")
      .generate(text: Self.file(apiKey: "$LOYALTY_API_KEY"), path: "/host/App/loyalty.json")
    #expect(source.contains("import LoyaltyCore\n"))
    #expect(source.contains("\n  static func bundled() throws -> LoyaltyConfiguration {"))
    #expect(source.contains("static let bundledSource = \"loyalty.json\""))
    #expect(!source.contains("public "))
    #expect(!source.contains("try!"))
    let start = try #require(source.firstRange(of: "bundledJSON = #\"\"\"\n"))
    let end = try #require(source.firstRange(of: "\n    \"\"\"#\n"))
    let json = source[start.upperBound..<end.lowerBound]
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.dropFirst(4) }.joined(separator: "\n")
    let decoded = try LoyaltyConfiguration(jsonData: Data(json.utf8))
    #expect(decoded.apiKey == "build-key-0123456789")
    #expect(decoded.environment == .development)
    #expect(decoded.network.requestTimeout == 10)
  }

  @Test("the raw string delimiter outgrows every run of # in the JSON")
  func delimiter() {
    #expect(BundledConfigurationRenderer(json: "{}", sourceName: "loyalty.json").delimiter == "#")
    let renderer = BundledConfigurationRenderer(
      json: "{\"merchantID\": \"a\\\"##b\"}", sourceName: "loyalty.json")
    #expect(renderer.delimiter == "###")
    #expect(renderer.render().contains("bundledJSON = ###\"\"\""))
  }
}
