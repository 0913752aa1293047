import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// The file log holds no secret, goes with an erasure, and is named in the export.
@Suite("File log privacy")
struct FileLogPrivacyTests {
  static let password = "hunter2-file-log-9f3e"
  static let token = "tok-file-log-51c0aa77"
  static let jwt =
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmaWxlLWxvZyJ9.c2lnbmF0dXJlLWZpbGUtbG9n"

  static func configuration(_ harness: PrivacyHarness) -> LoyaltyConfiguration {
    var configuration = harness.configuration()
    configuration.logging.level = .debug
    configuration.logging.fileLogging = true
    return configuration
  }

  static func logBytes(_ configuration: LoyaltyConfiguration) -> Data {
    FileLogHandler(directory: configuration.logDirectory).files.reduce(into: Data()) {
      $0 += (try? Data(contentsOf: $1)) ?? Data()
    }
  }

  @Test("a token and a password in a message are masked in the file's bytes")
  func masked() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    let configuration = Self.configuration(harness)
    let client = try await harness.start(configuration)
    client.logger(label: "Host").info(
      "signing in with password=\(Self.password) access_token=\(Self.token) "
        + "Bearer \(Self.jwt)")
    try await client.network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    await client.shutdown()

    let bytes = Self.logBytes(configuration)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("signing in with"), "\(text)")
    #expect(text.contains(SecretMasker.placeholder))
    for secret in [Self.password, Self.token, Self.jwt, configuration.apiKey] {
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) in the log file")
    }
    #expect(configuration.logDirectory.path.hasPrefix(harness.directory.path))
  }

  @Test("a record handed to the handler directly is masked too")
  func maskedDirectly() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("FileLogPrivacy-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let handler = FileLogHandler(directory: directory)
    handler.handle(
      LogRecord(
        date: Date(), level: .error, label: "Host",
        message: "password=\(Self.password) token=\(Self.token)"))
    let bytes = try Data(contentsOf: handler.fileURL(0))
    #expect(bytes.range(of: Data(Self.password.utf8)) == nil)
    #expect(bytes.range(of: Data(Self.token.utf8)) == nil)
    #expect(bytes.range(of: Data(SecretMasker.placeholder.utf8)) != nil)
  }

  @Test("the export lists the log files; erase leaves none, its own message included")
  func exportAndErase() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    let configuration = Self.configuration(harness)
    let client = try await harness.start(configuration)
    client.logger(label: "Host").info("a line for the file")
    let export = try await client.exportData()
    let files = try #require(export["logFiles"]?.arrayValue)
    let paths = files.compactMap { $0["path"]?.stringValue }
    #expect(paths == [configuration.logDirectory.appendingPathComponent("loyalty.log").path])
    #expect(files.first?["size"]?.intValue ?? 0 > 0)

    let report = await client.eraseAllData()
    #expect(report.isComplete, "\(report.failures)")
    #expect(!FileManager.default.fileExists(atPath: configuration.logDirectory.path))
    #expect(harness.files().isEmpty, "left: \(harness.files().map(\.path))")
  }

  @Test("file logging off: no log directory, and the export lists no file")
  func off() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    var configuration = harness.configuration()
    configuration.logging.level = .debug
    let client = try await harness.start(configuration)
    client.logger(label: "Host").info("console only")
    let export = try await client.exportData()
    #expect(export["logFiles"]?.arrayValue == [])
    #expect(!FileManager.default.fileExists(atPath: configuration.logDirectory.path))
    await client.shutdown()
  }
}
