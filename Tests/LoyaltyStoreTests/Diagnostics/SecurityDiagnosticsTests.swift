import Foundation
import LoyaltyCore
import LoyaltySecurity
import LoyaltyStore
import Testing

/// Encryption at rest checked with the real key, the encrypted values counted, the
/// token's state: one report with no secret in it.
@Suite("Security diagnostics")
struct SecurityDiagnosticsTests {
  static let pair = TokenPair(
    accessToken: "diagnostics-access-7d1f", refreshToken: "diagnostics-refresh-02ab",
    clientID: "diagnostics-client", clientSecret: "diagnostics-secret-5c9e")

  static func start(
    _ directory: TemporaryDirectory, encryption: Bool, keys: String?
  ) async throws -> LoyaltyClient {
    var configuration = StoreTestSupport.configuration(
      directory: directory, encryption: encryption)
    configuration.logging.level = .none
    var modules: [any LoyaltyModule] = [StoreModule(location: .file(directory.file("d.db")))]
    if let keys {
      modules.insert(SecurityModule(keyStore: .directory(directory.file(keys))), at: 0)
    }
    return try await LoyaltyClient.start(configuration, modules: modules)
  }

  static func expectNoSecret(_ report: SecurityDiagnostics) {
    for secret in [
      pair.accessToken, pair.refreshToken, "diagnostics-client", "diagnostics-secret-5c9e",
    ] {
      #expect(!report.description.contains(secret))
    }
  }

  @Test("encryption set up: a round trip works and the stored values are counted")
  func working() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = try await Self.start(directory, encryption: true, keys: "keys")
    let before = try await client.securityDiagnostics()
    #expect(before.encryption == .working)
    #expect(before.encryptedValueCount == 0)
    #expect(before.token == .absent)
    try await client.resolve(.tokenStore).store(Self.pair)
    let report = try await client.securityDiagnostics()
    #expect(report.encryption == .working)
    #expect(report.encryptionEnabled)
    #expect(report.encryptedValueCount == 4)
    #expect(report.token == .valid(expiresAt: nil))
    #expect(report.isHealthy)
    #expect(report.description.contains("encryption: working"), "\(report)")
    Self.expectNoSecret(report)
    await client.shutdown()
  }

  @Test("a store opened with a wrong key: encryption failed, the token unreadable")
  func wrongKey() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try await Self.start(directory, encryption: true, keys: "keys")
    try await first.resolve(.tokenStore).store(Self.pair)
    await first.shutdown()

    let other = try await Self.start(directory, encryption: true, keys: "other-keys")
    let report = try await other.securityDiagnostics()
    guard case .failed(let reason) = report.encryption else {
      Issue.record("expected a failure, got \(report.encryption)")
      return
    }
    #expect(reason.contains("decryptionFailed"), "\(reason)")
    guard case .unreadable = report.token else {
      Issue.record("expected an unreadable token, got \(report.token)")
      return
    }
    #expect(report.encryptedValueCount == 4)
    #expect(!report.isHealthy)
    Self.expectNoSecret(report)
    await other.shutdown()
  }

  @Test("no encryption configured: reported as such, the values counted as 0")
  func notConfigured() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = try await Self.start(directory, encryption: false, keys: nil)
    try await client.resolve(.tokenStore).store(Self.pair)
    let report = try await client.securityDiagnostics()
    #expect(report.encryption == .notConfigured)
    #expect(!report.encryption.isConfigured)
    #expect(!report.encryptionEnabled)
    #expect(report.encryptedValueCount == 0)
    #expect(report.isHealthy)
    #expect(report.description.contains("not configured"), "\(report)")
    Self.expectNoSecret(report)
    await client.shutdown()
  }

  @Test("encryption asked for without a cipher: not configured, and not healthy")
  func enabledWithoutCipher() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = try await Self.start(directory, encryption: true, keys: nil)
    let report = try await client.securityDiagnostics()
    #expect(report.encryption == .notConfigured)
    #expect(report.encryptionEnabled)
    #expect(!report.isHealthy)
    await client.shutdown()
  }

  @Test("after shutdown the report is refused")
  func afterShutdown() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = try await Self.start(directory, encryption: false, keys: nil)
    await client.shutdown()
    await #expect(throws: LoyaltyError.self) { try await client.securityDiagnostics() }
  }
}
