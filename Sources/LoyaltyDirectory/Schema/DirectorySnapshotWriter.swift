public import LoyaltyCore
import LoyaltyStore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Writes a directory snapshot, the SQLite file a server publishes, from merchants: in
/// any schema version of ``DirectorySchema``, for the sandbox, the emulator, tests and
/// benchmarks.
///
/// Version 1 writes `redeemType` where later versions write `denominationsType`;
/// versions 1 and 2 have no `enabled` column (readers fall back to `acceptsDash`).
/// Version 3 also writes the optional `logoLocation`, `website`, `ctxMerchantId`,
/// `denominations` (fixed amounts, comma-separated), `minimumAmount` and
/// `maximumAmount` (a flexible range) columns.
public enum DirectorySnapshotWriter {
  /// Writes `merchants` as a snapshot of `schemaVersion` to `url` (replacing any file).
  /// - Parameters:
  ///   - merchants: The merchants the snapshot holds.
  ///   - url: The file to write.
  ///   - schemaVersion: The snapshot schema to write, 1 to the current version.
  ///   - unsetEnabled: Ids whose `enabled` is written as NULL (schema 3), so readers fall
  ///     back to `acceptsDash`.
  /// - Throws: A storage ``LoyaltyCore/LoyaltyError`` when the file cannot be written.
  public static func write(
    _ merchants: [DirectoryMerchant], schemaVersion: Int = DirectorySchema.currentVersion,
    unsetEnabled: Set<Int> = [], to url: URL
  ) throws {
    try? FileManager.default.removeItem(at: url)
    let connection = try SQLiteConnection(url: url, generation: 0)
    defer { connection.close() }
    try connection.executeScript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
    let evolved =
      switch schemaVersion {
      case ...1: "redeemType TEXT, acceptsDash INTEGER"
      case 2: "denominationsType TEXT, acceptsDash INTEGER"
      default:
        "denominationsType TEXT, acceptsDash INTEGER, enabled INTEGER, logoLocation TEXT, "
          + "website TEXT, ctxMerchantId TEXT, denominations TEXT, minimumAmount TEXT, "
          + "maximumAmount TEXT"
      }
    // `PRAGMA user_version` takes no bound parameter: the value is an `Int`, formatted,
    // never text from a caller.
    try connection.executeScript(
      """
      CREATE TABLE merchant (
        id INTEGER PRIMARY KEY, name TEXT, category TEXT, address TEXT, tags TEXT,
        latitude REAL, longitude REAL, acceptsGiftCards INTEGER, \(evolved));
      CREATE TABLE merchant_provider (merchantId INTEGER NOT NULL, provider TEXT NOT NULL);
      PRAGMA user_version = \(Int(schemaVersion));
      """)
    let insert =
      schemaVersion >= 3
      ? """
      INSERT INTO merchant (id, name, category, address, tags, latitude, longitude,
        acceptsGiftCards, denominationsType, acceptsDash, enabled, logoLocation, website,
        ctxMerchantId, denominations, minimumAmount, maximumAmount)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """
      : """
      INSERT INTO merchant (id, name, category, address, tags, latitude, longitude,
        acceptsGiftCards, \(schemaVersion <= 1 ? "redeemType" : "denominationsType"), acceptsDash)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """
    try connection.transaction {
      for merchant in merchants {
        try connection.withStatement(insert) { statement in
          try statement.bind(merchant.id, at: 1)
          try statement.bind(merchant.name, at: 2)
          try statement.bind(merchant.category, at: 3)
          try statement.bind(merchant.address, at: 4)
          try statement.bind(merchant.tags.joined(separator: ","), at: 5)
          if let location = merchant.location {
            try statement.bind(location.latitude, at: 6)
            try statement.bind(location.longitude, at: 7)
          } else {
            try statement.bindNull(at: 6)
            try statement.bindNull(at: 7)
          }
          try statement.bind(merchant.paymentTypes.contains(.giftCard) ? 1 : 0, at: 8)
          try statement.bind(merchant.denominationsType, at: 9)
          try statement.bind(merchant.paymentTypes.contains(.dash) ? 1 : 0, at: 10)
          if schemaVersion >= 3 {
            if unsetEnabled.contains(merchant.id) {
              try statement.bindNull(at: 11)
            } else {
              try statement.bind(merchant.enabled ? 1 : 0, at: 11)
            }
            try bindDetails(of: merchant, to: statement)
          }
          try statement.run()
        }
        for provider in merchant.providers {
          try connection.withStatement(
            "INSERT INTO merchant_provider (merchantId, provider) VALUES (?, ?)"
          ) { statement in
            try statement.bind(merchant.id, at: 1)
            try statement.bind(provider.rawValue, at: 2)
            try statement.run()
          }
        }
      }
    }
  }

  /// Binds the schema 3 columns after `enabled`: logo, website, CTX id and amounts.
  private static func bindDetails(
    of merchant: DirectoryMerchant, to statement: SQLiteStatement
  ) throws {
    try statement.bind(merchant.logoLocation, at: 12)
    try statement.bind(merchant.website, at: 13)
    try statement.bind(merchant.ctxMerchantId, at: 14)
    switch merchant.denominations {
    case .fixed(let amounts):
      try statement.bind(
        amounts.isEmpty ? nil : amounts.map { "\($0)" }.joined(separator: ","), at: 15)
      try statement.bindNull(at: 16)
      try statement.bindNull(at: 17)
    case .flexible(let minimum, let maximum):
      try statement.bindNull(at: 15)
      try statement.bind(minimum.map { "\($0)" }, at: 16)
      try statement.bind(maximum.map { "\($0)" }, at: 17)
    }
  }

  /// The bytes of a snapshot of `merchants`, written through a temporary file.
  public static func data(
    _ merchants: [DirectoryMerchant], schemaVersion: Int = DirectorySchema.currentVersion,
    unsetEnabled: Set<Int> = []
  ) throws -> Data {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "directory-snapshot-\(UUID().uuidString).sqlite")
    defer { try? FileManager.default.removeItem(at: url) }
    try write(merchants, schemaVersion: schemaVersion, unsetEnabled: unsetEnabled, to: url)
    return try Data(contentsOf: url)
  }
}
