public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What happened when ``StoreDatabase`` found its file corrupt at open: which file
/// was moved aside, where to, and why.
///
/// Everything the old file held (the session's tokens, preferences, queued analytics
/// events, points of interest) is no longer available to the SDK; the moved file is
/// kept for inspection.
public struct DatabaseRecovery: Sendable, Hashable, CustomStringConvertible {
  /// The database file that was found corrupt; a fresh database now lives there.
  public let fileURL: URL
  /// Where the corrupt file was moved: `<name>.corrupt-<UTC timestamp>`.
  public let movedTo: URL
  /// Every file moved: the database and, when they existed, its `-wal` and `-shm`.
  public let movedFiles: [URL]
  /// Why the file was judged corrupt: as SQLite reported it, or that the file was empty.
  public let reason: String
  /// The SQLite result code that revealed the corruption; `nil` for an empty file, which
  /// SQLite would have taken for a new database.
  public let sqliteCode: Int?
  /// When the file was moved aside.
  public let date: Date

  /// Creates a report.
  public init(
    fileURL: URL, movedTo: URL, movedFiles: [URL], reason: String, sqliteCode: Int?, date: Date
  ) {
    self.fileURL = fileURL
    self.movedTo = movedTo
    self.movedFiles = movedFiles
    self.reason = reason
    self.sqliteCode = sqliteCode
    self.date = date
  }

  /// The recovery as an error with code ``LoyaltyCore/LoyaltyError/Code/databaseCorrupt``,
  /// for hosts that report it through their error handling.
  public var error: LoyaltyError {
    LoyaltyError(
      .databaseCorrupt, description,
      metadata: [
        "file": fileURL.path, "movedTo": movedTo.path,
        "sqliteCode": sqliteCode.map(String.init) ?? "none",
      ])
  }

  /// What was moved where, why, and what was lost, in a sentence for a log.
  public var description: String {
    "The database \(fileURL.lastPathComponent) was corrupt (\(reason)); it was moved to "
      + "\(movedTo.lastPathComponent) and a new, empty database was created. The tokens, "
      + "preferences, queued events and points of interest it held were lost."
  }
}
