import Testing

@testable import LoyaltyDoctorKit

@Suite struct SystemLibrariesTests {
  private func libraries(
    sqlite: String = "3.46.1", rtree: Bool = true, fts5: Bool = true,
    crypto: UInt = 0x3000_00f0, zlib: String = "1.3"
  ) -> SystemLibraries {
    SystemLibraries(
      sqliteVersion: sqlite, sqliteRTree: rtree, sqliteFTS5: fts5,
      cryptoVersion: "OpenSSL x", cryptoVersionNumber: crypto, zlibVersion: zlib)
  }

  @Test func currentLibrariesAreOk() {
    #expect(libraries().checks.map(\.status) == [.ok, .ok, .ok])
    #expect(libraries().checks.map(\.area) == ["sqlite", "libcrypto", "zlib"])
  }

  @Test func anSQLiteWithoutUpsertIsAnError() {
    #expect(libraries(sqlite: "3.22.0").checks.first?.status == .error)
    #expect(libraries(sqlite: "3.24.0").checks.first?.status == .ok)
  }

  @Test func missingVirtualTableModulesAreAWarningNamingThem() {
    let check = libraries(fts5: false).checks[0]
    #expect(check.status == .warning)
    #expect(check.message.contains("FTS5 no"))
    #expect(check.message.contains("R*Tree yes"))
  }

  @Test func libcryptoBeforeOpenSSL3IsAnError() {
    #expect(libraries(crypto: 0x1010_117f).checks[1].status == .error)
  }

  @Test func zlibBefore1212IsAWarning() {
    #expect(libraries(zlib: "1.2.11").checks[2].status == .warning)
    #expect(libraries(zlib: "1.2.13").checks[2].status == .ok)
  }

  @Test func versionsCompareByComponent() {
    #expect(SystemLibraries.isVersion("3.9.0", olderThan: "3.24.0"))
    #expect(!SystemLibraries.isVersion("3.24", olderThan: "3.24.0"))
    #expect(!SystemLibraries.isVersion("1.3.1-motley", olderThan: "1.2.12"))
  }
}
