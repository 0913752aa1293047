public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A ``LoyaltyCore/TokenStore`` in the `requestVariables` table of a ``StoreDatabase``.
///
/// - **Encryption at rest.** When a field cipher is given and the database's
///   configuration has `encryptionEnabled`, the four token columns are sealed with
///   it and stored as blobs; the file never holds the tokens in clear. The row
///   records explicitly whether it is encrypted, so rows written in clear before
///   encryption was enabled still read back (and are re-written encrypted on first
///   read), and encrypted rows still read back when encryption is later turned off
///   but the cipher is present.
/// - **Compare-and-swap.** ``replace(_:with:)`` compares the stored pair with the
///   expected one, then writes inside one `BEGIN IMMEDIATE` transaction that checks
///   the row's revision has not moved since the comparison; a concurrent write in
///   between makes it compare again. Exactly one of several racing replacements of
///   the same pair wins, in this process or another.
/// - **Cache.** Reads are cached in memory for `cacheDuration` seconds, measured on the
///   clock; every write through this store invalidates the cache.
public final class SQLiteTokenStore: TokenStore {
  private struct Snapshot: Sendable {
    let pair: TokenPair?
    let revision: Int64
    let encrypted: Bool
    let generation: UInt64
  }

  private struct Cache: Sendable {
    var snapshot: Snapshot?
    var storedAt = Date.distantPast
    /// Counts writes; a read only fills the cache if no write happened since it began.
    var writes: UInt64 = 0
  }

  /// The stored row, as bytes: ciphertext when `encrypted`, UTF-8 text otherwise.
  struct Row: Sendable {
    var accessToken: Data?
    var refreshToken: Data?
    var clientID: Data?
    var clientSecret: Data?
    var encrypted = false
    var revision: Int64 = 0
  }

  private static let maxAttempts = 1_000

  let database: StoreDatabase
  private let cipher: (any FieldCipher)?
  private let clock: any LoyaltyClock
  private let logger: LoyaltyLogger
  private let cache = Locked(Cache())

  /// Whether new writes are sealed with the cipher.
  public let encryptsWrites: Bool
  /// How long a read is served from memory, in seconds; 0 disables the cache.
  public let cacheDuration: TimeInterval

  /// Creates a token store on `database`.
  /// - Parameters:
  ///   - database: The open database.
  ///   - cipher: Seals tokens when the database's configuration enables encryption,
  ///     and opens encrypted rows; `nil` stores tokens in clear.
  ///   - clock: Measures the cache's age; the database's clock when `nil`.
  ///   - cacheDuration: How long reads are cached, in seconds; the configuration's
  ///     `token.cacheDuration` (60 s by default) when `nil`.
  ///   - logger: Where warnings go.
  public init(
    database: StoreDatabase,
    cipher: (any FieldCipher)? = nil,
    clock: (any LoyaltyClock)? = nil,
    cacheDuration: TimeInterval? = nil,
    logger: LoyaltyLogger = .disabled
  ) {
    self.database = database
    self.cipher = cipher
    self.clock = clock ?? database.clock
    self.cacheDuration = max(0, cacheDuration ?? database.configuration.token.cacheDuration)
    self.logger = logger
    let encryptionEnabled = database.configuration.database.encryptionEnabled
    self.encryptsWrites = encryptionEnabled && cipher != nil
    if encryptionEnabled && cipher == nil {
      logger.warning(
        "Token encryption is enabled but no field cipher is registered: tokens are stored "
          + "in clear. Add SecurityModule() from LoyaltySecurity to encrypt them.")
    }
  }

  // MARK: - TokenStore

  /// The stored pair, from the cache while it is fresh; a pair stored in clear while
  /// encryption is on is re-written encrypted.
  @_optimize(speed)
  public func tokens() async throws -> TokenPair? {
    if let cached = cachedSnapshot() {
      return cached.pair
    }
    let snapshot = try await loadSnapshot()
    if encryptsWrites, !snapshot.encrypted, snapshot.pair != nil {
      await encryptInPlace(snapshot)
    }
    return snapshot.pair
  }

  /// Stores `tokens`, sealed when encryption is on, and invalidates the cache.
  public func store(_ tokens: TokenPair) async throws {
    let row = try await encode(tokens)
    defer { invalidateCache() }
    _ = try await database.write { [self] connection in
      try write(row, expectedRevision: nil, generation: nil, in: connection)
    }
  }

  /// Removes the stored pair and invalidates the cache.
  public func clear() async throws {
    defer { invalidateCache() }
    _ = try await database.write { [self] connection in
      try write(nil, expectedRevision: nil, generation: nil, in: connection)
    }
  }

  /// Replaces the stored pair with `new` (clearing it when `nil`) only if it equals
  /// `expected`; atomic against every other writer of the database.
  /// - Returns: Whether the replacement happened.
  public func replace(_ expected: TokenPair?, with new: TokenPair?) async throws -> Bool {
    var snapshot = cachedSnapshot()
    var fromCache = snapshot != nil
    var encoded: Row??
    for _ in 0..<Self.maxAttempts {
      let current: Snapshot
      if let snapshot {
        current = snapshot
      } else {
        current = try await loadSnapshot()
      }
      guard current.pair == expected else {
        if fromCache {
          // The cache may predate a write by another process: compare with the file.
          snapshot = nil
          fromCache = false
          continue
        }
        return false
      }
      let row: Row?
      if let encoded {
        row = encoded
      } else {
        if let new {
          row = try await encode(new)
        } else {
          row = nil
        }
        encoded = .some(row)
      }
      let won = try await database.write { [self] connection -> Bool in
        try write(
          row, expectedRevision: current.revision, generation: current.generation,
          in: connection)
      }
      invalidateCache()
      if won {
        return true
      }
      snapshot = nil
      fromCache = false
    }
    throw LoyaltyError(
      .queryFailed,
      "Replacing the stored tokens gave up after \(Self.maxAttempts) concurrent changes.")
  }

  // MARK: - Cache

  @_optimize(speed)
  private func cachedSnapshot() -> Snapshot? {
    guard cacheDuration > 0 else { return nil }
    let now = clock.now
    let generation = database.generation
    return cache.withLock { cache in
      guard let snapshot = cache.snapshot, snapshot.generation == generation,
        now >= cache.storedAt, now.timeIntervalSince(cache.storedAt) < cacheDuration
      else { return nil }
      return snapshot
    }
  }

  private func invalidateCache() {
    cache.withLock { cache in
      cache.snapshot = nil
      cache.writes &+= 1
    }
  }

  // MARK: - Reading

  private func loadSnapshot() async throws -> Snapshot {
    let writes = cache.withLock { $0.writes }
    let (row, generation) = try await database.withConnection { [self] connection in
      (try readRow(connection), connection.generation)
    }
    let snapshot = Snapshot(
      pair: try await decode(row), revision: row.revision, encrypted: row.encrypted,
      generation: generation)
    if cacheDuration > 0 {
      let now = clock.now
      cache.withLock { cache in
        guard cache.writes == writes else { return }
        cache.snapshot = snapshot
        cache.storedAt = now
      }
    }
    return snapshot
  }

  func readRow(_ connection: SQLiteConnection) throws -> Row {
    try connection.withStatement(
      """
      SELECT access_token, refresh_token, client_id, client_secret, encrypted, revision
      FROM requestVariables WHERE id = 1
      """
    ) { statement in
      guard try statement.step() else { return Row() }
      return Row(
        accessToken: statement.data(at: 0), refreshToken: statement.data(at: 1),
        clientID: statement.data(at: 2), clientSecret: statement.data(at: 3),
        encrypted: statement.int64(at: 4) != 0, revision: statement.int64(at: 5))
    }
  }

  private func decode(_ row: Row) async throws -> TokenPair? {
    guard let access = row.accessToken else { return nil }
    guard let refresh = row.refreshToken else {
      throw LoyaltyError(
        .storedValueUnreadable, "The stored tokens have an access token but no refresh token.")
    }
    var fields = [access, refresh]
    if let clientID = row.clientID { fields.append(clientID) }
    if let clientSecret = row.clientSecret { fields.append(clientSecret) }
    let count = fields.count
    if row.encrypted {
      guard let cipher else {
        throw LoyaltyError(
          .storedValueUnreadable,
          "The stored tokens are encrypted, but no field cipher is registered to open them.",
          recoverySuggestion: "Add SecurityModule() from LoyaltySecurity, with the same key.")
      }
      fields = try await cipher.open(batch: fields)
      guard fields.count == count else {
        throw LoyaltyError(
          .internalInconsistency, "The field cipher opened \(fields.count) of \(count) fields.")
      }
    }
    var texts: [String] = []
    for field in fields {
      guard let text = String(data: field, encoding: .utf8) else {
        throw LoyaltyError(.storedValueUnreadable, "A stored token is not valid UTF-8 text.")
      }
      texts.append(text)
    }
    var index = 2
    func next(_ present: Bool) -> String? {
      guard present, index < texts.count else { return nil }
      defer { index += 1 }
      return texts[index]
    }
    return TokenPair(
      accessToken: texts[0], refreshToken: texts[1], clientID: next(row.clientID != nil),
      clientSecret: next(row.clientSecret != nil))
  }

  // MARK: - Writing

  func encode(_ pair: TokenPair) async throws -> Row {
    var fields = [Data(pair.accessToken.utf8), Data(pair.refreshToken.utf8)]
    if let clientID = pair.clientID { fields.append(Data(clientID.utf8)) }
    if let clientSecret = pair.clientSecret { fields.append(Data(clientSecret.utf8)) }
    if encryptsWrites, let cipher {
      let count = fields.count
      fields = try await cipher.seal(batch: fields)
      guard fields.count == count else {
        throw LoyaltyError(
          .internalInconsistency, "The field cipher sealed \(fields.count) of \(count) fields.")
      }
    }
    var index = 2
    func next(_ present: Bool) -> Data? {
      guard present, index < fields.count else { return nil }
      defer { index += 1 }
      return fields[index]
    }
    return Row(
      accessToken: fields[0], refreshToken: fields[1], clientID: next(pair.clientID != nil),
      clientSecret: next(pair.clientSecret != nil), encrypted: encryptsWrites)
  }

  /// Writes `row` (or clears the pair when `nil`) unless the stored revision differs
  /// from `expectedRevision`. Runs inside the caller's transaction.
  /// - Returns: Whether it wrote.
  func write(
    _ row: Row?, expectedRevision: Int64?, generation: UInt64?, in connection: SQLiteConnection
  ) throws -> Bool {
    if let generation, generation != connection.generation {
      return false
    }
    if let expectedRevision {
      let revision = try connection.scalarInt(
        "SELECT revision FROM requestVariables WHERE id = 1")
      guard Int64(revision ?? 0) == expectedRevision else { return false }
    }
    let now = clock.now.timeIntervalSinceReferenceDate
    guard let row else {
      // The row stays, so its revision keeps growing and a compare-and-swap can never
      // mistake a cleared-and-refilled row for the one it read.
      try connection.withStatement(
        """
        UPDATE requestVariables SET access_token = NULL, refresh_token = NULL,
          client_id = NULL, client_secret = NULL, encrypted = 0,
          revision = revision + 1, updated_at = ?
        WHERE id = 1
        """
      ) { statement in
        try statement.bind(now, at: 1)
        try statement.run()
      }
      return true
    }
    try connection.withStatement(
      """
      INSERT INTO requestVariables
        (id, access_token, refresh_token, client_id, client_secret, encrypted, revision,
         updated_at)
      VALUES (1, ?, ?, ?, ?, ?, 1, ?)
      ON CONFLICT (id) DO UPDATE SET
        access_token = excluded.access_token, refresh_token = excluded.refresh_token,
        client_id = excluded.client_id, client_secret = excluded.client_secret,
        encrypted = excluded.encrypted, revision = revision + 1,
        updated_at = excluded.updated_at
      """
    ) { statement in
      let fields = [row.accessToken, row.refreshToken, row.clientID, row.clientSecret]
      for (offset, field) in fields.enumerated() {
        let index = Int32(offset + 1)
        if row.encrypted {
          try statement.bind(field, at: index)
        } else {
          try statement.bind(field.map { String(decoding: $0, as: UTF8.self) }, at: index)
        }
      }
      try statement.bind(row.encrypted ? 1 : 0, at: 5)
      try statement.bind(now, at: 6)
      try statement.run()
    }
    return true
  }

  /// Re-writes a pair stored in clear, encrypted, unless it changed meanwhile; then
  /// checkpoints the log so the clear text leaves it. Failures are logged: the pair
  /// was read, and the next read tries again.
  private func encryptInPlace(_ snapshot: Snapshot) async {
    guard let pair = snapshot.pair else { return }
    do {
      let row = try await encode(pair)
      let wrote = try await database.write { [self] connection in
        try write(
          row, expectedRevision: snapshot.revision, generation: snapshot.generation,
          in: connection)
      }
      invalidateCache()
      if wrote {
        try await database.checkpoint()
        logger.info("Encrypted the tokens that were stored in clear.")
      }
    } catch {
      logger.warning("Encrypting the tokens stored in clear failed: \(error)")
    }
  }
}

extension SQLiteTokenStore: TokenSnapshotReading {
  /// The pair from the cache while it is fresh; `nil` otherwise, so that the caller reads
  /// the database through ``tokens()``.
  public func tokensWithoutWaiting() -> TokenPair? {
    cachedSnapshot()?.pair
  }
}
