/// The schema of the LoyaltyStore database, as its ordered migration steps.
///
/// Version 1 keeps the seed SDK's tables and columns and adds what the capabilities
/// need:
///
/// | table | columns | purpose |
/// |---|---|---|
/// | `requestVariables` | `id` (always 1), `client_id`, `client_secret`, `access_token`, `refresh_token`, `encrypted`, `revision`, `updated_at` | the session's tokens, one row |
/// | `events` | `_id`, `event_id` (unique), `type`, `time`, `data`, `priority`, `attempts` | the analytics offline queue |
/// | `events_quarantine` | the event's columns as found, `reason`, `quarantined_at` | rows that could not be decoded |
/// | `pois` | `id`, `lat`, `lon`, `radius` (version 2 adds `merchant_id`, `name`, `offer_title`, `offer_description`) | geofencing points of interest |
/// | `pois_rtree` | `id`, `min_lat`, `max_lat`, `min_lon`, `max_lon` | version 2: an R*Tree of each fence's bounding box, when SQLite has the module |
/// | `preferences` | `key`, `value` | the key-value store |
/// | `market_cache` | `owner`, `key` (the primary key together), `kind`, `status`, `headers`, `body`, `encrypted`, `answered_at`, `stored_at` | version 3: the market's answers for offline reads, one row per owner and key |
/// | `store_meta` | `key`, `value` | counters such as the dropped-events count |
/// | `schema_version` | `id`, `version` (unique), `name`, `created_at` | applied steps |
///
/// `encrypted` records whether the row's four token columns hold ciphertext (as
/// blobs) or clear text, so reading never guesses from the value. `revision` grows
/// with every write to the row, which makes compare-and-swap possible without
/// decrypting inside a transaction. Times are `REAL` seconds since Foundation's
/// reference date (2001-01-01 UTC), so a `Date` reads back bit for bit.
/// `market_cache.encrypted` likewise says whether its `headers` and `body` are sealed.
enum StoreSchema {
  /// Every step, in order. Append new steps; never edit one that has shipped.
  static let migrations: [SQLiteMigration] = [
    SQLiteMigration(version: 1, name: "create_tables") { connection in
      try connection.executeScript(version1)
    },
    SQLiteMigration(version: 2, name: "pois_location") { connection in
      try POIIndex.migrate(connection)
    },
    SQLiteMigration(version: 3, name: "market_cache") { connection in
      try connection.executeScript(version3)
    },
  ]

  /// The version the current code creates.
  static var latestVersion: Int { migrations.last?.version ?? 0 }

  private static let version1 = """
    CREATE TABLE requestVariables (
      id INTEGER PRIMARY KEY,
      client_id TEXT,
      client_secret TEXT,
      access_token TEXT,
      refresh_token TEXT,
      encrypted INTEGER NOT NULL DEFAULT 0,
      revision INTEGER NOT NULL DEFAULT 0,
      updated_at REAL
    );
    CREATE TABLE events (
      _id INTEGER PRIMARY KEY,
      event_id TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      time REAL NOT NULL,
      data BLOB,
      priority INTEGER NOT NULL DEFAULT 0,
      attempts INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE events_quarantine (
      _id INTEGER PRIMARY KEY,
      event_rowid INTEGER,
      event_id,
      type,
      time,
      data,
      attempts,
      reason TEXT NOT NULL,
      quarantined_at REAL NOT NULL
    );
    CREATE TABLE pois (
      id INTEGER PRIMARY KEY,
      lat REAL NOT NULL,
      lon REAL NOT NULL,
      radius REAL NOT NULL
    );
    CREATE INDEX pois_lat_lon ON pois (lat, lon);
    CREATE TABLE preferences (
      key TEXT PRIMARY KEY NOT NULL,
      value BLOB NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE store_meta (
      key TEXT PRIMARY KEY NOT NULL,
      value
    ) WITHOUT ROWID;
    """

  /// The market's cache. `headers` holds ``LoyaltyCore/CachedAnswer/encodedHeaders``;
  /// it and `body` are blobs, sealed when `encrypted` is 1. Deleted rows are zeroed
  /// (`secure_delete`), like every table's.
  private static let version3 = """
    CREATE TABLE market_cache (
      owner TEXT NOT NULL,
      key TEXT NOT NULL,
      kind TEXT NOT NULL,
      status INTEGER NOT NULL,
      headers BLOB NOT NULL,
      body BLOB NOT NULL,
      encrypted INTEGER NOT NULL DEFAULT 0,
      answered_at REAL NOT NULL,
      stored_at REAL NOT NULL,
      PRIMARY KEY (owner, key)
    );
    """
}
