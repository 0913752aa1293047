import LoyaltyConfigurationGenerator
import Testing

@Suite("ConfigurationFileSelector")
struct ConfigurationFileSelectorTests {
  static let all = [
    "/host/Sources/App/loyalty.development.json", "/host/Sources/App/loyalty.json",
    "/host/Sources/App/loyalty.production.json",
  ]

  @Test(
    "the environment picks its own file",
    arguments: [
      (nil, "loyalty.json"), ("", "loyalty.json"), ("development", "loyalty.development.json"),
      ("production", "loyalty.production.json"),
    ] as [(String?, String)])
  func picksEnvironmentFile(_ environment: String?, _ expected: String) throws {
    let file = try ConfigurationFileSelector(environment: environment).select(from: Self.all)
    #expect(file == "/host/Sources/App/\(expected)")
  }

  @Test("without the environment's file, loyalty.json is used")
  func fallsBack() throws {
    let file = try ConfigurationFileSelector(environment: "production")
      .select(from: [
        "/host/Sources/App/loyalty.json", "/host/Sources/App/loyalty.development.json",
      ])
    #expect(file == "/host/Sources/App/loyalty.json")
  }

  @Test("an unknown environment fails rather than fall back")
  func unknownEnvironment() {
    #expect(throws: ConfigurationDiagnostic.self) {
      try ConfigurationFileSelector(environment: "prodution").select(from: Self.all)
    }
  }

  @Test("a file whose name only ends like loyalty.json is not taken for it")
  func exactNames() {
    #expect(throws: ConfigurationDiagnostic.self) {
      try ConfigurationFileSelector(environment: nil)
        .select(from: ["/host/Sources/App/myloyalty.json", Self.all[0]])
    }
  }

  @Test("the diagnostic without a position has no line and column")
  func diagnosticForm() {
    let located = ConfigurationDiagnostic(
      file: "Sources/App/loyalty.json", location: SourceLocation(line: 3, column: 5),
      message: "bad")
    #expect(located.description == "Sources/App/loyalty.json:3:5: error: bad")
    let unlocated = ConfigurationDiagnostic(file: nil, location: nil, message: "bad")
    #expect(unlocated.description == "loyalty-configuration: error: bad")
  }
}
