public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A ``LoyaltyCore/MarketCache`` in the `market_cache` table of a ``StoreDatabase``: the
/// market's answers, one row per owner and key, kept for reads without a network.
///
/// - **Whole or not at all.** ``store(_:)`` writes its row in one transaction
///   (`INSERT OR REPLACE`) on a `synchronous=FULL` database: a process killed during the
///   write leaves the previous answer for that owner and key.
/// - **Encryption at rest.** When a field cipher is given and the database's
///   configuration has `encryptionEnabled`, the headers and the body are sealed with it
///   and the file never holds them in clear. The row records whether it is encrypted, so
///   rows written in clear before encryption was enabled still read back (and are
///   re-written encrypted on first read), and encrypted rows still read back when
///   encryption is later turned off but the cipher is present.
/// - **An unreadable row is dropped.** A row whose ciphertext does not open (a wrong key,
///   tampered or truncated bytes, or no cipher registered) is deleted and reads as `nil`:
///   the market asks the server again. The failure is logged as an error, without the
///   body. An error that says nothing of the row (a key store that cannot be read, a
///   cancelled task) is thrown, and the row kept.
/// - **Removals leave no bytes.** The database zeroes deleted rows in its file
///   (`secure_delete`), and a removal that deleted rows then truncates the write-ahead
///   log, so the log's copies of them go too.
/// - **Off the cooperative pool.** Every statement runs on the database's own thread;
///   the caller's task suspends until it is done.
public struct SQLiteMarketCache: MarketCache {
  /// A row as stored: the encoded headers and the body, sealed when `encrypted`.
  private struct Row: Sendable {
    var owner: String
    var key: String
    var kind: String
    var status: Int
    var headers: Data
    var body: Data
    var encrypted: Bool
    var answeredAt: Double
    var storedAt: Double
  }

  private let database: StoreDatabase
  private let cipher: (any FieldCipher)?
  private let logger: LoyaltyLogger

  /// Whether new writes are sealed with the cipher.
  public let encryptsWrites: Bool

  /// Creates a market cache on `database`.
  /// - Parameters:
  ///   - database: The open database.
  ///   - cipher: Seals the headers and bodies when the database's configuration enables
  ///     encryption, and opens encrypted rows; `nil` stores them in clear.
  ///   - logger: Where warnings and errors go; never a cached body.
  public init(
    database: StoreDatabase, cipher: (any FieldCipher)? = nil, logger: LoyaltyLogger = .disabled
  ) {
    self.database = database
    self.cipher = cipher
    self.logger = logger
    let encryptionEnabled = database.configuration.database.encryptionEnabled
    self.encryptsWrites = encryptionEnabled && cipher != nil
    if encryptionEnabled && cipher == nil {
      logger.warning(
        "Encryption is enabled but no field cipher is registered: the market's cached "
          + "answers are stored in clear. Add SecurityModule() from LoyaltySecurity to "
          + "encrypt them.")
    }
  }

  // MARK: - MarketCache

  /// The answer stored for `key` and `owner`, or `nil`; a row that cannot be opened is
  /// deleted and reads as `nil`.
  /// - Throws: The database's error, or the cipher's when it says nothing of the row.
  public func answer(forKey key: String, owner: String) async throws -> CachedAnswer? {
    let row = try await database.withConnection { connection in
      try connection.withStatement(
        """
        SELECT owner, key, kind, status, headers, body, encrypted, answered_at, stored_at
        FROM market_cache WHERE owner = ? AND key = ?
        """
      ) { statement -> Row? in
        try statement.bind(owner, at: 1)
        try statement.bind(key, at: 2)
        guard try statement.step() else { return nil }
        return Self.row(from: statement)
      }
    }
    guard let row else { return nil }
    return try await decode(row)
  }

  /// Stores `answer` in one transaction, replacing the one with its owner and key; sealed
  /// when encryption is on.
  /// - Throws: The cipher's or the database's error; the previous answer is kept then.
  public func store(_ answer: CachedAnswer) async throws {
    let row = try await encode(answer)
    try await database.write { connection in
      try connection.withStatement(
        """
        INSERT OR REPLACE INTO market_cache
          (owner, key, kind, status, headers, body, encrypted, answered_at, stored_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
      ) { statement in
        try statement.bind(row.owner, at: 1)
        try statement.bind(row.key, at: 2)
        try statement.bind(row.kind, at: 3)
        try statement.bind(row.status, at: 4)
        try statement.bind(row.headers, at: 5)
        try statement.bind(row.body, at: 6)
        try statement.bind(row.encrypted ? 1 : 0, at: 7)
        try statement.bind(row.answeredAt, at: 8)
        try statement.bind(row.storedAt, at: 9)
        try statement.run()
      }
    }
  }

  /// Removes the answer for `key` and `owner`, if any, and then truncates the
  /// write-ahead log, so the answer's bytes are in no file.
  /// - Throws: The database's error.
  public func removeAnswer(forKey key: String, owner: String) async throws {
    let removed = try await database.write { connection -> Int in
      try connection.withStatement("DELETE FROM market_cache WHERE owner = ? AND key = ?") {
        statement in
        try statement.bind(owner, at: 1)
        try statement.bind(key, at: 2)
        try statement.run()
      }
      return connection.changes
    }
    if removed > 0 {
      try await database.checkpoint()
    }
  }

  /// Removes, in one transaction, every answer whose owner is not in `owners` (`[]`
  /// removes all), and then truncates the write-ahead log, so their bytes are in no file.
  /// Owners are compared as Swift compares strings.
  /// - Throws: The database's error; nothing is removed then.
  public func removeAnswers(keepingOwners owners: Set<String>) async throws {
    let removed = try await database.write { connection -> Int in
      guard !owners.isEmpty else {
        try connection.execute("DELETE FROM market_cache")
        return connection.changes
      }
      let stored = try connection.withStatement("SELECT DISTINCT owner FROM market_cache") {
        statement in
        var stored: [String] = []
        while try statement.step() {
          if let owner = statement.text(at: 0) { stored.append(owner) }
        }
        return stored
      }
      var removed = 0
      for owner in stored where !owners.contains(owner) {
        try connection.withStatement("DELETE FROM market_cache WHERE owner = ?") { statement in
          try statement.bind(owner, at: 1)
          try statement.run()
        }
        removed += connection.changes
      }
      return removed
    }
    if removed > 0 {
      try await database.checkpoint()
    }
  }

  /// Every stored answer, of every owner, ordered by owner then key as Swift orders
  /// strings; rows that cannot be opened are deleted and left out.
  /// - Throws: The database's error, or the cipher's when it says nothing of a row.
  public func answers() async throws -> [CachedAnswer] {
    let rows = try await database.withConnection { connection in
      try connection.withStatement(
        """
        SELECT owner, key, kind, status, headers, body, encrypted, answered_at, stored_at
        FROM market_cache
        """
      ) { statement -> [Row] in
        var rows: [Row] = []
        while try statement.step() {
          rows.append(Self.row(from: statement))
        }
        return rows
      }
    }
    var answers: [CachedAnswer] = []
    answers.reserveCapacity(rows.count)
    for row in rows {
      if let answer = try await decode(row) {
        answers.append(answer)
      }
    }
    // Sorted as Swift sorts strings, which is not always SQLite's byte order.
    return answers.stablySorted { ($0.owner, $0.key) < ($1.owner, $1.key) }
  }

  // MARK: - Reading

  private static func row(from statement: SQLiteStatement) -> Row {
    Row(
      owner: statement.text(at: 0) ?? "", key: statement.text(at: 1) ?? "",
      kind: statement.text(at: 2) ?? "", status: statement.int(at: 3),
      headers: statement.data(at: 4) ?? Data(), body: statement.data(at: 5) ?? Data(),
      encrypted: statement.int64(at: 6) != 0, answeredAt: statement.double(at: 7),
      storedAt: statement.double(at: 8))
  }

  /// The answer `row` holds, opened when it is encrypted. A row written in clear while
  /// encryption is on is re-written encrypted; a row that cannot be opened is deleted.
  private func decode(_ row: Row) async throws -> CachedAnswer? {
    guard row.encrypted else {
      if encryptsWrites {
        await encryptInPlace(row)
      }
      return answer(of: row, headers: row.headers, body: row.body)
    }
    let opened: [Data]
    do {
      guard let cipher else {
        throw LoyaltyError(
          .storedValueUnreadable,
          "A cached answer is encrypted, but no field cipher is registered to open it.",
          recoverySuggestion: "Add SecurityModule() from LoyaltySecurity, with the same key.")
      }
      opened = try await cipher.open(batch: [row.headers, row.body])
      guard opened.count == 2 else {
        throw LoyaltyError(
          .internalInconsistency, "The field cipher opened \(opened.count) of 2 fields.")
      }
    } catch let error as LoyaltyError where Self.meansUnreadable(error.code) {
      await discard(row, because: error)
      return nil
    }
    return answer(of: row, headers: opened[0], body: opened[1])
  }

  /// Whether a failure to open a row says the row itself cannot be read with what is
  /// registered: the bytes or the key are wrong, or there is no cipher.
  private static func meansUnreadable(_ code: LoyaltyError.Code) -> Bool {
    code == .decryptionFailed || code == .invalidCiphertext || code == .storedValueUnreadable
  }

  private func answer(of row: Row, headers: Data, body: Data) -> CachedAnswer {
    CachedAnswer(
      key: row.key, owner: row.owner, kind: row.kind, status: row.status,
      headers: CachedAnswer.decodeHeaders(headers), body: body,
      answeredAt: Date(timeIntervalSinceReferenceDate: row.answeredAt),
      storedAt: Date(timeIntervalSinceReferenceDate: row.storedAt))
  }

  /// Deletes `row` unless it changed since it was read, and logs why; a failure to delete
  /// is logged too: the row reads as `nil` either way, and the next read tries again.
  private func discard(_ row: Row, because error: LoyaltyError) async {
    logger.error(
      "A cached answer could not be opened and was deleted; the market asks the server "
        + "again: \(error.code): \(error.message)",
      metadata: ["kind": row.kind])
    do {
      _ = try await database.write { connection -> Int in
        try connection.withStatement(
          """
          DELETE FROM market_cache
          WHERE owner = ? AND key = ? AND encrypted = 1 AND headers = ? AND body = ?
          """
        ) { statement in
          try statement.bind(row.owner, at: 1)
          try statement.bind(row.key, at: 2)
          try statement.bind(row.headers, at: 3)
          try statement.bind(row.body, at: 4)
          try statement.run()
        }
        return connection.changes
      }
    } catch {
      logger.error("The unreadable cached answer could not be deleted: \(error)")
    }
  }

  // MARK: - Writing

  private func encode(_ answer: CachedAnswer) async throws -> Row {
    var headers = answer.encodedHeaders
    var body = answer.body
    if encryptsWrites, let cipher {
      let sealed = try await cipher.seal(batch: [headers, body])
      guard sealed.count == 2 else {
        throw LoyaltyError(
          .internalInconsistency, "The field cipher sealed \(sealed.count) of 2 fields.")
      }
      headers = sealed[0]
      body = sealed[1]
    }
    return Row(
      owner: answer.owner, key: answer.key, kind: answer.kind, status: answer.status,
      headers: headers, body: body, encrypted: encryptsWrites,
      answeredAt: answer.answeredAt.timeIntervalSinceReferenceDate,
      storedAt: answer.storedAt.timeIntervalSinceReferenceDate)
  }

  /// Re-writes a row stored in clear, encrypted, unless it changed meanwhile; then
  /// truncates the write-ahead log so the clear text leaves it. Failures are logged: the
  /// row was read, and the next read tries again.
  private func encryptInPlace(_ row: Row) async {
    guard let cipher else { return }
    do {
      let sealed = try await cipher.seal(batch: [row.headers, row.body])
      guard sealed.count == 2 else {
        throw LoyaltyError(
          .internalInconsistency, "The field cipher sealed \(sealed.count) of 2 fields.")
      }
      let wrote = try await database.write { connection -> Int in
        try connection.withStatement(
          """
          UPDATE market_cache SET headers = ?, body = ?, encrypted = 1
          WHERE owner = ? AND key = ? AND encrypted = 0 AND headers = ? AND body = ?
            AND stored_at = ?
          """
        ) { statement in
          try statement.bind(sealed[0], at: 1)
          try statement.bind(sealed[1], at: 2)
          try statement.bind(row.owner, at: 3)
          try statement.bind(row.key, at: 4)
          try statement.bind(row.headers, at: 5)
          try statement.bind(row.body, at: 6)
          try statement.bind(row.storedAt, at: 7)
          try statement.run()
        }
        return connection.changes
      }
      if wrote > 0 {
        try await database.checkpoint()
        logger.info("Encrypted a cached answer that was stored in clear.")
      }
    } catch {
      logger.warning("Encrypting a cached answer stored in clear failed: \(error)")
    }
  }
}
