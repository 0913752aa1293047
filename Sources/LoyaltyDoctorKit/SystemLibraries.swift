/// The system libraries the SDK links, as found on the machine the doctor runs on:
/// libsqlite3 (LoyaltyStore), libcrypto (LoyaltySecurity, off Apple platforms) and zlib
/// (LoyaltyNetwork).
///
/// The doctor's tool fills it in from the products themselves; tests build it by hand.
public struct SystemLibraries: Sendable, Hashable {
  /// `sqlite3_libversion()`, such as `3.46.1`.
  public var sqliteVersion: String
  /// Whether an R*Tree virtual table could be created.
  public var sqliteRTree: Bool
  /// Whether an FTS5 virtual table could be created.
  public var sqliteFTS5: Bool
  /// `OpenSSL_version(OPENSSL_VERSION)`, such as `OpenSSL 3.0.15 3 Sep 2024`, or
  /// `CryptoKit` on Apple platforms.
  public var cryptoVersion: String
  /// `OpenSSL_version_num()`: 0xMNN00PP0L; `nil` where the backend is CryptoKit, which
  /// comes with the system.
  public var cryptoVersionNumber: UInt?
  /// `zlibVersion()`, such as `1.3`.
  public var zlibVersion: String

  /// The oldest SQLite the store works with: upserts (`ON CONFLICT ... DO UPDATE`)
  /// arrived in 3.24.0.
  public static let minimumSQLite = "3.24.0"
  /// The oldest libcrypto the security product works with: it uses OpenSSL 3's EVP_MAC
  /// and provider APIs only.
  public static let minimumCrypto: UInt = 0x3000_0000
  /// Older zlib releases have a known memory corruption when compressing
  /// (CVE-2018-25032), fixed in 1.2.12.
  public static let recommendedZlib = "1.2.12"

  /// Creates a description of the libraries.
  public init(
    sqliteVersion: String, sqliteRTree: Bool, sqliteFTS5: Bool, cryptoVersion: String,
    cryptoVersionNumber: UInt?, zlibVersion: String
  ) {
    self.sqliteVersion = sqliteVersion
    self.sqliteRTree = sqliteRTree
    self.sqliteFTS5 = sqliteFTS5
    self.cryptoVersion = cryptoVersion
    self.cryptoVersionNumber = cryptoVersionNumber
    self.zlibVersion = zlibVersion
  }

  /// One line per library.
  public var checks: [DoctorCheck] {
    var checks: [DoctorCheck] = []
    let modules = [("R*Tree", sqliteRTree), ("FTS5", sqliteFTS5)]
    let missing = modules.filter { !$0.1 }.map(\.0)
    let summary =
      "SQLite \(sqliteVersion); R*Tree \(sqliteRTree ? "yes" : "no"), "
      + "FTS5 \(sqliteFTS5 ? "yes" : "no")"
    if Self.isVersion(sqliteVersion, olderThan: Self.minimumSQLite) {
      checks.append(
        .error(
          "sqlite", summary + " (LoyaltyStore needs \(Self.minimumSQLite) or later)",
          fix: "install a newer libsqlite3 (apt install libsqlite3-dev, brew install sqlite)"))
    } else if !missing.isEmpty {
      checks.append(
        .warning(
          "sqlite",
          summary + " (the store does not need \(missing.joined(separator: " or ")) today; "
            + "geographic or text search over stored data would)",
          fix: "use a SQLite built with SQLITE_ENABLE_RTREE and SQLITE_ENABLE_FTS5"))
    } else {
      checks.append(.ok("sqlite", summary))
    }
    if let cryptoVersionNumber, cryptoVersionNumber < Self.minimumCrypto {
      checks.append(
        .error(
          "libcrypto", cryptoVersion + " (LoyaltySecurity needs OpenSSL 3)",
          fix: "install OpenSSL 3 (apt install libssl-dev, brew install openssl@3)"))
    } else {
      checks.append(.ok("libcrypto", cryptoVersion))
    }
    if Self.isVersion(zlibVersion, olderThan: Self.recommendedZlib) {
      checks.append(
        .warning(
          "zlib", "zlib \(zlibVersion) (older than \(Self.recommendedZlib): CVE-2018-25032)",
          fix: "update zlib (apt install zlib1g-dev, brew install zlib)"))
    } else {
      checks.append(.ok("zlib", "zlib \(zlibVersion)"))
    }
    return checks
  }

  /// Whether dotted version `version` is older than `minimum`, compared component by
  /// component; a missing component is 0 and a non-numeric one ends the version.
  static func isVersion(_ version: String, olderThan minimum: String) -> Bool {
    let left = numbers(version)
    let right = numbers(minimum)
    for index in 0..<max(left.count, right.count) {
      let a = index < left.count ? left[index] : 0
      let b = index < right.count ? right[index] : 0
      if a != b { return a < b }
    }
    return false
  }

  private static func numbers(_ version: String) -> [Int] {
    var result: [Int] = []
    for part in version.split(separator: ".") {
      guard let number = Int(part.prefix { $0.isASCII && $0.isNumber }) else { break }
      result.append(number)
    }
    return result
  }
}
