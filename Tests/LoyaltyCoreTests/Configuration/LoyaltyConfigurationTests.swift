import Foundation
import LoyaltyCore
import Testing

@Suite("LoyaltyConfiguration")
struct LoyaltyConfigurationTests {
  @Test("presets carry the reference SDK's values")
  func presets() {
    let expected: [(LoyaltyConfiguration.Preset, Bool, LogLevel, Double, Int)] = [
      (.development, false, .verbose, 15, 2),
      (.production, true, .warning, 30, 3),
      (.testing, false, .error, 5, 1),
      (.highSecurity, true, .error, 20, 2),
    ]
    for (preset, encryption, level, timeout, retries) in expected {
      let configuration = Fixtures.configuration(preset: preset)
      #expect(configuration.database.encryptionEnabled == encryption, "\(preset)")
      #expect(configuration.logging.level == level, "\(preset)")
      #expect(configuration.network.requestTimeout == timeout, "\(preset)")
      #expect(configuration.token.maxRetryAttempts == retries, "\(preset)")
      #expect(configuration.validationErrors().isEmpty, "\(preset) is valid")
    }
    let production = Fixtures.configuration(preset: .production)
    #expect(production.token.retryDelays == [0, 1, 5])
    #expect(production.token.circuitBreakerThreshold == 5)
    #expect(production.token.circuitBreakerResetTime == 300)
    #expect(production.token.refreshThreshold == 300)
    #expect(production.network.maxConcurrentRequests == 6)
    #expect(Fixtures.configuration(preset: .development).applying(.production) == production)
  }

  @Test(
    "each invalid setting is reported with its own code and a recovery suggestion",
    arguments: [
      ("appUUID empty", LoyaltyError.Code.missingAppUUID),
      ("appUUID short", .invalidAppUUID),
      ("bundleID spaces", .invalidBundleID),
      ("language", .invalidLanguage),
      ("custom URL", .invalidBaseURL),
      ("cache size", .invalidCacheSize),
      ("busy timeout", .invalidTimeout),
      ("token retries", .invalidRetryAttempts),
      ("token delays", .retryDelaysMismatch),
      ("negative delay", .invalidRetryDelay),
      ("circuit breaker", .invalidCircuitBreaker),
      ("refresh threshold", .invalidRefreshThreshold),
      ("request timeout", .invalidTimeout),
      ("concurrency", .invalidConcurrencyLimit),
      ("network jitter", .invalidRetryDelay),
      ("response limit", .invalidResponseLimit),
    ])
  func validationErrors(_ setting: String, _ code: LoyaltyError.Code) throws {
    var configuration = Fixtures.configuration(preset: .production)
    switch setting {
    case "appUUID empty": configuration.appUUID = "  "
    case "appUUID short": configuration.appUUID = "abc123"
    case "bundleID spaces": configuration.bundleID = "com example"
    case "language": configuration.language = "greek"
    case "custom URL":
      configuration.environment = .custom(try #require(URL(string: "ftp://files.example.com")))
    case "cache size": configuration.database.cacheSizeKiB = 1
    case "busy timeout": configuration.database.busyTimeout = -1
    case "token retries":
      configuration.token.maxRetryAttempts = 0
      configuration.token.retryDelays = []
    case "token delays": configuration.token.retryDelays = [0, 1]
    case "negative delay": configuration.token.retryDelays = [0, -1, 5]
    case "circuit breaker": configuration.token.circuitBreakerThreshold = 0
    case "refresh threshold": configuration.token.refreshThreshold = -5
    case "request timeout": configuration.network.requestTimeout = 0
    case "concurrency": configuration.network.maxConcurrentRequests = 0
    case "network jitter": configuration.network.retryJitter = 2
    case "response limit": configuration.network.maxResponseBytes = 0
    default: Issue.record("unknown setting \(setting)")
    }
    let errors = configuration.validationErrors()
    #expect(errors.count == 1, "\(errors)")
    let error = try #require(errors.first)
    #expect(error.code == code)
    #expect(error.category == .configuration)
    #expect(error.recoverySuggestion?.isEmpty == false)
    #expect(error.errorDescription?.contains("LOY-\(code.rawValue)") == true)
    #expect(error.metadata["field"]?.isEmpty == false, "the error names its field")
    #expect(throws: LoyaltyError.self) { try configuration.validate() }
  }

  @Test("a validation error names the field by its JSON key path")
  func validationErrorField() throws {
    var configuration = Fixtures.configuration(preset: .production)
    configuration.appUUID = "abc123"
    configuration.network.retryJitter = 2
    configuration.token.circuitBreakerResetTime = 0
    configuration.database.busyTimeout = -1
    #expect(
      configuration.validationErrors().compactMap { $0.metadata["field"] } == [
        "appUUID", "database.busyTimeout", "token.circuitBreakerResetTime",
        "network.retryJitter",
      ])
  }

  @Test("every problem is listed at once")
  func allProblemsListed() {
    var configuration = Fixtures.configuration()
    configuration.appUUID = ""
    configuration.language = "xx-YY"
    configuration.network.maxConcurrentRequests = 1_000
    #expect(
      configuration.validationErrors().map(\.code) == [
        .missingAppUUID, .invalidLanguage, .invalidConcurrencyLimit,
      ])
  }

  @Test("an app UUID with dashes is accepted")
  func uuidWithDashes() {
    var configuration = Fixtures.configuration()
    configuration.appUUID = "01234567-89ab-cdef-0123-456789abcdef"
    #expect(configuration.validationErrors().isEmpty)
  }

  @Test("JSON round trip keeps every field")
  func jsonRoundTrip() throws {
    var configuration = Fixtures.configuration(preset: .highSecurity)
    configuration.environment = .custom(try #require(URL(string: "http://127.0.0.1:8080")))
    configuration.database.directory = "/var/lib/loyalty"
    configuration.token.retryDelays = [0.5, 2]
    let data = try configuration.jsonData()
    #expect(try LoyaltyConfiguration(jsonData: data) == configuration)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""environment" : "http://127.0.0.1:8080""#))
  }

  @Test("a minimal JSON document takes production defaults")
  func minimalJSON() throws {
    let json = #"{"appUUID": "0123456789abcdef0123456789abcdef", "bundleID": "com.example.app"}"#
    let configuration = try LoyaltyConfiguration(jsonData: Data(json.utf8))
    #expect(configuration.environment == .production)
    #expect(configuration.language == "el")
    #expect(configuration.token == LoyaltyConfiguration.Preset.production.token)
    #expect(configuration.network == LoyaltyConfiguration.Preset.production.network)
    #expect(configuration.validationErrors().isEmpty)

    let partial = #"""
      {"appUUID": "0123456789abcdef0123456789abcdef", "bundleID": "b",
       "environment": "development", "network": {"requestTimeout": 12}}
      """#
    let tuned = try LoyaltyConfiguration(jsonData: Data(partial.utf8))
    #expect(tuned.network.requestTimeout == 12)
    #expect(tuned.network.maxConcurrentRequests == 6)
    #expect(tuned.environment == .development)
  }

  @Test(
    "malformed JSON is a typed error naming the field",
    arguments: [
      (#"{"bundleID": "b"}"#, "appUUID"),
      (#"{"appUUID": 5, "bundleID": "b"}"#, "appUUID"),
      (
        #"{"appUUID": "a", "bundleID": "b", "network": {"requestTimeout": "fast"}}"#,
        "network.requestTimeout"
      ),
      (#"{"appUUID": "a", "bundleID": "b", "environment": "not a url"}"#, "environment"),
      (#"{"appUUID": "a", "bundleID": "b", "logging": {"level": "loud"}}"#, "logging.level"),
      ("[1, 2]", "top level"),
      ("not json", "top level"),
    ])
  func malformedJSON(_ json: String, _ field: String) async throws {
    let error = try await expectLoyaltyError(.configurationCoding) {
      _ = try LoyaltyConfiguration(jsonData: Data(json.utf8))
    }
    #expect(error.message.contains(field), "\(error.message)")
    #expect(error.recoverySuggestion != nil)
  }

  @Test("save and load a file, readable by its owner only")
  func fileRoundTrip() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-config-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("loyalty.json")
    let configuration = Fixtures.configuration(preset: .development)
    try configuration.write(to: url)
    #expect(try LoyaltyConfiguration(contentsOf: url) == configuration)
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    _ = try #require(throws: LoyaltyError.self) {
      try LoyaltyConfiguration(contentsOf: directory.appendingPathComponent("missing.json"))
    }
  }

  @Test(
    "Storage 5. a configuration file replaces the old one whole, owner-only, leaving no other file")
  func fileReplacedAtomically() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-config-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("loyalty.json")
    // An older file others could read.
    try Data("{}".utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)

    let configuration = Fixtures.configuration(preset: .production)
    try configuration.write(to: url)
    #expect(try LoyaltyConfiguration(contentsOf: url) == configuration)
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["loyalty.json"])

    let missing = directory.appendingPathComponent("absent/loyalty.json")
    let error = try #require(throws: LoyaltyError.self) { try configuration.write(to: missing) }
    #expect(error.code == .configurationFile)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["loyalty.json"])
  }

  @Test("the summary masks the API key and shows the rest")
  func summaryMasksSecrets() {
    let configuration = Fixtures.configuration()
    let text = configuration.summaryText
    #expect(!text.contains(configuration.apiKey))
    #expect(text.contains("apiKey: <masked, \(configuration.apiKey.count) characters>"))
    #expect(text.contains("appUUID: \(configuration.appUUID)"))
    #expect(text.contains("network.requestTimeout: 5.0 s"))
    #expect(configuration.summary["environment"]?.contains("engage-uat") == true)
  }

  @Test("environments resolve their base URLs and encode as one string")
  func environments() throws {
    #expect(LoyaltyEnvironment.development.baseURL.absoluteString == "https://engage-uat.dei.gr")
    #expect(LoyaltyEnvironment.production.host == "engage-prod.dei.gr")
    let custom = LoyaltyEnvironment.custom(try #require(URL(string: "http://localhost:9")))
    let encoded = try JSONEncoder().encode([custom, .production])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["http:\/\/localhost:9","production"]"#)
    #expect(
      try JSONDecoder().decode([LoyaltyEnvironment].self, from: encoded) == [custom, .production])
  }

  @Test(
    "Storage 5. a bundle id that is not one plain file name is rejected before it names a file",
    arguments: [
      "..", ".", "../etc", "com/example", "/", "com\\example", "com\u{0}example", "com.example/..",
    ])
  func bundleIDsThatArePaths(_ bundleID: String) throws {
    var configuration = Fixtures.configuration()
    configuration.bundleID = bundleID
    let errors = configuration.validationErrors()
    #expect(errors.map(\.code) == [.invalidBundleID], "\(errors)")
    let error = try #require(errors.first)
    #expect(error.category == .configuration)
    #expect(error.recoverySuggestion?.isEmpty == false)
    #expect(throws: LoyaltyError.self) { try configuration.validate() }
  }

  @Test(
    "a bundle id's characters: each range's first and last are valid, the neighbours are not",
    arguments: [
      ("a", true), ("z", true), ("A", true), ("Z", true), ("0", true), ("9", true),
      (".", true), ("-", true), ("_", true), ("`", false), ("{", false), ("@", false),
      ("[", false), ("/", false), (":", false), (",", false), ("é", false), ("ａ", false),
    ])
  func bundleIDCharacters(_ character: String, _ valid: Bool) {
    var configuration = Fixtures.configuration()
    configuration.bundleID = "com.example" + character
    let codes = configuration.validationErrors().map(\.code)
    #expect(codes == (valid ? [] : [.invalidBundleID]), "\(character)")
  }

  @Test("bundle ids with dots inside stay valid")
  func bundleIDsWithDots() {
    for bundleID in ["com.example.app", "com.example..app", "a", "a.", "app_1-2"] {
      var configuration = Fixtures.configuration()
      configuration.bundleID = bundleID
      #expect(configuration.validationErrors().isEmpty, "\(bundleID)")
    }
  }

  @Test("the data directory is namespaced by bundle identifier unless set")
  func dataDirectory() {
    var configuration = Fixtures.configuration()
    #expect(configuration.dataDirectory.lastPathComponent == "com.example.loyalty")
    configuration.database.directory = "/srv/loyalty"
    #expect(configuration.dataDirectory.path == "/srv/loyalty")
  }
}
