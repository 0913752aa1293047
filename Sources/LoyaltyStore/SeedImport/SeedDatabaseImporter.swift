import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs a ``SeedImport`` against an open ``StoreDatabase``.
///
/// 1. A report kept in `store_meta` (key `seed_import`) means an earlier start imported
///    the file: nothing is read or written (a file still there is removed when the
///    import says ``SeedImport/OldFile/remove``).
/// 2. The seed's file is read, opened read-only, on the database's thread.
/// 3. Its tokens are opened (``SeedTokenOpener``) and sealed as ``SQLiteTokenStore``
///    seals them; its events are converted (``SeedEventConverter``).
/// 4. One transaction writes the tokens (unless the store already has some), appends the
///    events as ``SQLiteEventQueue`` does and keeps the report as the marker: all of it
///    or, after a failure or a crash, none of it.
/// 5. With ``SeedImport/OldFile/remove``, the file and its companions are deleted.
///
/// Nothing here throws: a failure is logged, put in the report, and the next start
/// tries again.
struct SeedDatabaseImporter {
  /// The `store_meta` key of the kept report.
  static let markerKey = "seed_import"

  let database: StoreDatabase
  let seedImport: SeedImport
  /// The cipher the token store seals with.
  let fieldCipher: (any FieldCipher)?
  let logger: LoyaltyLogger

  func run() async -> SeedImportReport {
    let url = seedImport.fileURL(for: database.configuration)
    var report = SeedImportReport(fileURL: url)
    guard let url, url.standardizedFileURL != database.fileURL?.standardizedFileURL else {
      return report
    }
    report.found = FileManager.default.fileExists(atPath: url.path)
    do {
      if var kept = try await keptReport() {
        kept.fileURL = url
        kept.found = report.found
        kept.alreadyImported = true
        kept.oldFileRemoved = report.found && removeIfAsked(url)
        return kept
      }
      guard report.found else { return report }
      try await importFile(at: url, into: &report)
      report.oldFileRemoved = removeIfAsked(url)
      logger.info(report.description)
    } catch {
      report.failure = "\(error)"
      report.tokensImported = false
      report.tokensSkippedReason = nil
      report.eventsImported = 0
      report.eventsSkipped = 0
      report.eventsTimedAtImport = 0
      logger.warning(report.description, metadata: ["file": url.path])
    }
    return report
  }

  /// The report an earlier import kept, or `nil`.
  private func keptReport() async throws -> SeedImportReport? {
    let stored = try await database.withConnection { connection -> Data? in
      try connection.withStatement("SELECT value FROM store_meta WHERE key = ?") { statement in
        try statement.bind(Self.markerKey, at: 1)
        return try statement.step() ? statement.data(at: 0) : nil
      }
    }
    guard let stored else { return nil }
    // A kept report that cannot be read still says the import happened.
    return (try? JSONDecoder().decode(SeedImportReport.self, from: stored))
      ?? SeedImportReport(fileURL: nil)
  }

  private func importFile(at url: URL, into report: inout SeedImportReport) async throws {
    let contents = try await database.withConnection { _ in
      try SeedDatabaseReader.read(url)
    }
    let outcome = await SeedTokenOpener(cipherProvider: seedImport.tokenCipher, logger: logger)
      .open(contents.tokens)
    var row: SQLiteTokenStore.Row?
    // Its own logger stays quiet: the module's token store warns about a missing cipher.
    let tokenStore = SQLiteTokenStore(database: database, cipher: fieldCipher)
    switch outcome {
    case .tokens(let pair): row = try await tokenStore.encode(pair)
    case .skipped(let reason): report.tokensSkippedReason = reason
    }
    let converted = SeedEventConverter(importTime: database.clock.now).convert(contents.events)
    report.eventsSkipped = converted.skipped
    report.eventsTimedAtImport = converted.timedAtImport
    let prepared = report
    let written = try await database.write { [row] connection -> SeedImportReport in
      var report = prepared
      if try connection.scalarInt(
        "SELECT COUNT(*) FROM store_meta WHERE key = ?", { try $0.bind(Self.markerKey, at: 1) })
        != 0
      {
        throw LoyaltyError(.internalInconsistency, "Another start imported the file meanwhile.")
      }
      if let row {
        if try tokenStore.readRow(connection).accessToken != nil {
          report.tokensSkippedReason = .storeHasTokens
        } else {
          report.tokensImported = try tokenStore.write(
            row, expectedRevision: nil, generation: nil, in: connection)
        }
      }
      report.eventsImported = try SQLiteEventQueue.insert(converted.events, in: connection)
      report.eventsSkipped += converted.events.count - report.eventsImported
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let marker = String(decoding: try encoder.encode(report), as: UTF8.self)
      try connection.withStatement("INSERT INTO store_meta (key, value) VALUES (?, ?)") {
        statement in
        try statement.bind(Self.markerKey, at: 1)
        try statement.bind(marker, at: 2)
        try statement.run()
      }
      return report
    }
    report = written
  }

  /// Deletes the file and its companions when the import says so.
  /// - Returns: Whether the file is gone.
  private func removeIfAsked(_ url: URL) -> Bool {
    guard seedImport.afterImport == .remove else { return false }
    let manager = FileManager.default
    for path in [url.path] + DatabaseOpener.companionSuffixes.map({ url.path + $0 })
    where manager.fileExists(atPath: path) {
      do {
        try manager.removeItem(atPath: path)
      } catch {
        logger.warning(
          "The seed SDK's file could not be removed: \(error)", metadata: ["file": path])
      }
    }
    return !manager.fileExists(atPath: url.path)
  }
}
