import LoyaltyCore
import Testing

@testable import LoyaltyDoctorKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The doctor's encryption and token lines for a security report.
@Suite("Security diagnostics check")
struct SecurityDiagnosticsCheckTests {
  static let exp = Date(timeIntervalSince1970: 1_800_000_000)

  static func report(
    _ encryption: EncryptionStatus, enabled: Bool = true, token: TokenStatus = .absent
  ) -> SecurityDiagnostics {
    SecurityDiagnostics(
      encryption: encryption, encryptionEnabled: enabled, encryptedValueCount: 2, token: token)
  }

  @Test("working encryption and a valid token are ok lines")
  func healthy() {
    let checks = SecurityDiagnosticsCheck.checks(
      for: Self.report(.working, token: .valid(expiresAt: Self.exp)))
    #expect(checks.map(\.area) == ["encryption", "token"])
    #expect(checks.map(\.status) == [.ok, .ok])
    #expect(checks[0].message.contains("2 values encrypted"))
  }

  @Test(
    "each encryption state gives its status",
    arguments: [
      (EncryptionStatus.working, true, DoctorStatus.ok),
      (.notConfigured, false, .warning),
      (.notConfigured, true, .error),
      (.failed(reason: "decryptionFailed"), true, .error),
    ])
  func encryption(_ status: EncryptionStatus, _ enabled: Bool, _ expected: DoctorStatus) {
    let line = SecurityDiagnosticsCheck.checks(for: Self.report(status, enabled: enabled))[0]
    #expect(line.status == expected)
    #expect((line.fix == nil) == (expected == .ok))
  }

  @Test(
    "each token state gives its status",
    arguments: [
      (TokenStatus.absent, DoctorStatus.ok),
      (.valid(expiresAt: nil), .ok),
      (.expiringSoon(expiresAt: Date(timeIntervalSince1970: 1_800_000_000)), .ok),
      (.expired(expiresAt: Date(timeIntervalSince1970: 1_800_000_000)), .warning),
      (.unreadable(reason: "decryptionFailed"), .error),
    ])
  func token(_ status: TokenStatus, _ expected: DoctorStatus) {
    let line = SecurityDiagnosticsCheck.checks(for: Self.report(.working, token: status))[1]
    #expect(line.area == "token")
    #expect(line.status == expected)
  }

  @Test("the doctor adds the lines when given a report, and errors when it cannot make one")
  func inTheDoctor() async {
    let libraries = SystemLibraries(
      sqliteVersion: "3.46.1", sqliteRTree: true, sqliteFTS5: true,
      cryptoVersion: "OpenSSL 3.0.15", cryptoVersionNumber: 0x3000_00f0, zlibVersion: "1.3")
    let transport = InMemoryHTTPTransport { _ in HTTPResponse(status: 404) }
    let failed = Self.report(.failed(reason: "decryptionFailed"))
    let doctor = Doctor(
      options: DoctorOptions(), libraries: libraries, makeTransport: { _ in transport },
      security: { failed })
    let report = await doctor.run()
    let encryption = report.checks.filter { $0.area == "encryption" }
    #expect(encryption.map(\.status) == [.error])
    #expect(report.exitStatus != 0)

    let without = await Doctor(
      options: DoctorOptions(), libraries: libraries, makeTransport: { _ in transport }
    ).run()
    #expect(!without.checks.contains { $0.area == "encryption" || $0.area == "token" })

    struct Unavailable: Error {}
    let throwing = await Doctor(
      options: DoctorOptions(), libraries: libraries, makeTransport: { _ in transport },
      security: { throw Unavailable() }
    ).run()
    #expect(throwing.checks.contains { $0.area == "encryption" && $0.status == .error })
  }
}
