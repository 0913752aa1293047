import LoyaltyCore
import LoyaltyStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Adds the local search tables to a verified snapshot, once, before it is swapped in:
/// every merchant read through ``DirectoryFieldMapping`` into `dir_merchant`, its
/// providers and payment types, the FTS5 index over folded name, category, address
/// and tags, and `dir_info` describing the snapshot.
enum DirectoryIndexBuilder {
  /// What was built.
  struct Result {
    var merchantCount: Int
    var fallbacks: [String: Int]
  }

  /// The FTS5 table, tokenized with `unicode61 remove_diacritics 2`; the text it holds is
  /// also folded by ``DirectoryTextFolding`` (Greek accents).
  static let fullTextTable = """
    CREATE VIRTUAL TABLE dir_fts USING fts5(
      name, category, address, tags, tokenize = 'unicode61 remove_diacritics 2')
    """

  /// The layout of the tables below, recorded in `dir_info` as `layout`. An installed
  /// snapshot indexed with another layout is indexed again when the directory opens.
  /// 2: the logo, website, CTX id and denominations columns.
  static let layoutVersion = 2

  static let schema = """
    CREATE TABLE dir_merchant (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL,
      address TEXT NOT NULL, tags TEXT NOT NULL, latitude REAL, longitude REAL,
      denominations_type TEXT, enabled INTEGER NOT NULL, search_text TEXT NOT NULL,
      logo_location TEXT, website TEXT, ctx_merchant_id TEXT, denominations TEXT);
    CREATE INDEX dir_merchant_by_category ON dir_merchant (category);
    CREATE TABLE dir_provider (
      merchant_id INTEGER NOT NULL, provider TEXT NOT NULL,
      PRIMARY KEY (merchant_id, provider)) WITHOUT ROWID;
    CREATE INDEX dir_provider_by_provider ON dir_provider (provider, merchant_id);
    CREATE TABLE dir_payment (
      merchant_id INTEGER NOT NULL, type TEXT NOT NULL,
      PRIMARY KEY (merchant_id, type)) WITHOUT ROWID;
    CREATE TABLE dir_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """

  /// Builds the tables in `connection` (the snapshot, open read-write).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/directorySnapshotCorrupt`` when the
  ///   snapshot has no `merchant` table with an `id`.
  static func build(
    in connection: SQLiteConnection, manifest: DirectoryManifest, etag: String?,
    installedAt: Date, fullText: Bool
  ) throws -> DirectorySnapshotInfo {
    let columns = try connection.columnNames(of: "merchant")
    guard columns.contains("id") else {
      throw LoyaltyError(
        .directorySnapshotCorrupt, "The snapshot has no merchant table with an id column.")
    }
    try connection.executeScript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
    var mapping = DirectoryFieldMapping(columns: columns)
    var count = 0
    try connection.transaction {
      try connection.executeScript(schema)
      if fullText {
        try connection.execute(fullTextTable)
      }
      try connection.withStatement(mapping.selectSQL) { rows in
        while try rows.step() {
          guard let merchant = mapping.merchant(rows) else { continue }
          try insert(merchant, into: connection, fullText: fullText)
          count += 1
        }
      }
      try copyProviders(connection)
    }
    let info = DirectorySnapshotInfo(
      version: manifest.version, schemaVersion: manifest.schemaVersion, merchantCount: count,
      installedAt: installedAt, fallbacks: mapping.fallbacks, fullTextSearch: fullText)
    try write(info, etag: etag, to: connection)
    return info
  }

  private static func insert(
    _ merchant: DirectoryMerchant, into connection: SQLiteConnection, fullText: Bool
  ) throws {
    let tags = merchant.tags.joined(separator: " ")
    let folded = [
      DirectoryTextFolding.fold(merchant.name), DirectoryTextFolding.fold(merchant.category),
      DirectoryTextFolding.fold(merchant.address), DirectoryTextFolding.fold(tags),
    ]
    try connection.withStatement(
      """
      INSERT OR REPLACE INTO dir_merchant (id, name, category, address, tags, latitude,
        longitude, denominations_type, enabled, search_text, logo_location, website,
        ctx_merchant_id, denominations)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """
    ) { statement in
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
      try statement.bind(merchant.denominationsType, at: 8)
      try statement.bind(merchant.enabled ? 1 : 0, at: 9)
      try statement.bind(
        " " + DirectoryTextFolding.words(folded.joined(separator: " ")).joined(separator: " "),
        at: 10)
      try statement.bind(merchant.logoLocation, at: 11)
      try statement.bind(merchant.website, at: 12)
      try statement.bind(merchant.ctxMerchantId, at: 13)
      try statement.bind(
        String(decoding: try JSONEncoder().encode(merchant.denominations), as: UTF8.self),
        at: 14)
      try statement.run()
    }
    for type in merchant.paymentTypes {
      try connection.withStatement(
        "INSERT OR IGNORE INTO dir_payment (merchant_id, type) VALUES (?, ?)"
      ) { statement in
        try statement.bind(merchant.id, at: 1)
        try statement.bind(type.rawValue, at: 2)
        try statement.run()
      }
    }
    guard fullText else { return }
    try connection.withStatement(
      "INSERT INTO dir_fts (rowid, name, category, address, tags) VALUES (?, ?, ?, ?, ?)"
    ) { statement in
      try statement.bind(merchant.id, at: 1)
      for (offset, text) in folded.enumerated() {
        try statement.bind(text, at: Int32(offset + 2))
      }
      try statement.run()
    }
  }

  private static func copyProviders(_ connection: SQLiteConnection) throws {
    let columns = try connection.columnNames(of: "merchant_provider")
    guard columns.contains("merchantId"), columns.contains("provider") else { return }
    try connection.execute(
      """
      INSERT OR IGNORE INTO dir_provider (merchant_id, provider)
      SELECT merchantId, lower(provider) FROM merchant_provider
      WHERE provider IS NOT NULL AND merchantId IN (SELECT id FROM dir_merchant)
      """)
  }

  private static func write(
    _ info: DirectorySnapshotInfo, etag: String?, to connection: SQLiteConnection
  ) throws {
    let fallbacks = String(decoding: try JSONEncoder().encode(info.fallbacks), as: UTF8.self)
    let values: [(String, String)] = [
      ("version", String(info.version)), ("schemaVersion", String(info.schemaVersion)),
      ("merchantCount", String(info.merchantCount)),
      ("installedAt", String(info.installedAt.timeIntervalSince1970)),
      ("fallbacks", fallbacks), ("fullText", info.fullTextSearch ? "1" : "0"),
      ("etag", etag ?? ""), ("layout", String(layoutVersion)),
    ]
    for (key, value) in values {
      try connection.withStatement(
        "INSERT OR REPLACE INTO dir_info (key, value) VALUES (?, ?)"
      ) { statement in
        try statement.bind(key, at: 1)
        try statement.bind(value, at: 2)
        try statement.run()
      }
    }
  }

  /// The snapshot description, ETag and layout recorded in an installed file (layout 1
  /// when none is recorded).
  static func readInfo(_ connection: SQLiteConnection) throws -> (
    info: DirectorySnapshotInfo, etag: String?, layout: Int
  ) {
    var values: [String: String] = [:]
    try connection.withStatement("SELECT key, value FROM dir_info") { statement in
      while try statement.step() {
        if let key = statement.text(at: 0) { values[key] = statement.text(at: 1) ?? "" }
      }
    }
    guard let version = values["version"].flatMap({ Int($0) }),
      let schema = values["schemaVersion"].flatMap({ Int($0) })
    else {
      throw LoyaltyError(
        .directorySnapshotCorrupt, "The installed snapshot has no description.")
    }
    let fallbacks =
      values["fallbacks"].flatMap {
        try? JSONDecoder().decode([String: Int].self, from: Data($0.utf8))
      } ?? [:]
    let info = DirectorySnapshotInfo(
      version: version, schemaVersion: schema,
      merchantCount: values["merchantCount"].flatMap { Int($0) } ?? 0,
      installedAt: Date(
        timeIntervalSince1970: values["installedAt"].flatMap { Double($0) } ?? 0),
      fallbacks: fallbacks, fullTextSearch: values["fullText"] == "1")
    let etag = values["etag"].flatMap { $0.isEmpty ? nil : $0 }
    return (info, etag, values["layout"].flatMap { Int($0) } ?? 1)
  }

  /// Indexes an installed snapshot again, in place, when its layout is not
  /// ``layoutVersion`` (before any reader opens it): drops the local tables and builds
  /// them anew from its `merchant` table.
  /// - Returns: The snapshot's description and ETag, as ``readInfo(_:)`` gives them.
  static func upgrade(_ url: URL, fullText: Bool) throws -> (
    info: DirectorySnapshotInfo, etag: String?
  ) {
    let (info, etag, layout) = try {
      let connection = try SQLiteConnection(url: url, generation: 0, readOnly: true)
      defer { connection.close() }
      return try readInfo(connection)
    }()
    guard layout != layoutVersion else { return (info, etag) }
    let connection = try SQLiteConnection(url: url, generation: 0)
    defer { connection.close() }
    try connection.executeScript(
      """
      DROP TABLE IF EXISTS dir_fts; DROP TABLE IF EXISTS dir_merchant;
      DROP TABLE IF EXISTS dir_provider; DROP TABLE IF EXISTS dir_payment;
      DROP TABLE IF EXISTS dir_info;
      """)
    let manifest = DirectoryManifest(
      version: info.version, size: 0, sha256: "", schemaVersion: info.schemaVersion)
    let rebuilt = try build(
      in: connection, manifest: manifest, etag: etag, installedAt: info.installedAt,
      fullText: fullText)
    return (rebuilt, etag)
  }
}
