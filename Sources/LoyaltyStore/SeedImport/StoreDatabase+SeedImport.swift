import LoyaltyCore

extension StoreDatabase {
  /// What the import of the seed SDK's database did when ``StoreModule`` started this
  /// database, or `nil` when the module was given no ``SeedImport``.
  public var seedImportReport: SeedImportReport? {
    seedImportResult.withLock { $0 }
  }

  /// Imports the seed SDK's database once (see ``SeedImport``) and keeps the report in
  /// ``seedImportReport``. Never throws: a failure is in the report and the log.
  /// - Parameters:
  ///   - seedImport: Where the seed's file is and what to do with it.
  ///   - fieldCipher: The cipher the token store seals with, when tokens are encrypted at
  ///     rest.
  ///   - logger: Where the summary line goes.
  @discardableResult
  func importSeed(
    _ seedImport: SeedImport, fieldCipher: (any FieldCipher)?, logger: LoyaltyLogger
  ) async -> SeedImportReport {
    let report = await SeedDatabaseImporter(
      database: self, seedImport: seedImport, fieldCipher: fieldCipher, logger: logger
    ).run()
    seedImportResult.withLock { $0 = report }
    return report
  }
}
