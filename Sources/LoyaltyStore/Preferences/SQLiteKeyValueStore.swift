public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A ``LoyaltyCore/KeyValueStore`` in the `preferences` table of a ``StoreDatabase``:
/// the seed's UserDefaults, durable and safe to use from any task.
///
/// Each write is one transaction, so a value is either fully stored or not at all.
/// Empty data is stored as an empty blob and reads back as empty data, not `nil`.
public struct SQLiteKeyValueStore: KeyValueStore {
  private let database: StoreDatabase

  /// Creates a store on `database`.
  public init(database: StoreDatabase) {
    self.database = database
  }

  /// The bytes stored for `key`, or `nil`.
  public func data(forKey key: String) async throws -> Data? {
    try await database.withConnection { connection in
      try connection.withStatement("SELECT value FROM preferences WHERE key = ?") { statement in
        try statement.bind(key, at: 1)
        guard try statement.step() else { return nil }
        return statement.data(at: 0) ?? Data()
      }
    }
  }

  /// Stores `data` for `key` in one transaction, replacing what was there.
  public func set(_ data: Data, forKey key: String) async throws {
    try await database.write { connection in
      try connection.withStatement(
        """
        INSERT INTO preferences (key, value) VALUES (?, ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """
      ) { statement in
        try statement.bind(key, at: 1)
        try statement.bind(data, at: 2)
        try statement.run()
      }
    }
  }

  /// Removes the value for `key`; removing a missing key is not an error.
  public func removeValue(forKey key: String) async throws {
    try await database.write { connection in
      try connection.withStatement("DELETE FROM preferences WHERE key = ?") { statement in
        try statement.bind(key, at: 1)
        try statement.run()
      }
    }
  }

  /// Every key with a value, sorted.
  public func keys() async throws -> [String] {
    try await database.withConnection { connection in
      try connection.withStatement("SELECT key FROM preferences") { statement in
        var keys: [String] = []
        while try statement.step() {
          if let key = statement.text(at: 0) { keys.append(key) }
        }
        // Sorted as Swift sorts strings, which is not always SQLite's byte order.
        return keys.stablySorted()
      }
    }
  }
}
