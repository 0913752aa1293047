#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What the import of the seed SDK's database did at this start (see ``SeedImport``).
///
/// After a successful import the report is kept in the database, so later starts read
/// the same counts back with ``alreadyImported`` set.
public struct SeedImportReport: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Why the seed's tokens were not imported.
  public enum TokenSkipReason: String, Sendable, Hashable, Codable {
    /// The seed's file holds no tokens, or an empty access token.
    case noTokens
    /// The tokens are sealed and no ``SeedImport/tokenCipher`` was given, or it gave `nil`.
    case noCipher
    /// The ``SeedImport/tokenCipher`` closure threw.
    case cipherUnavailable
    /// The cipher could not open the sealed tokens (a wrong key, damaged data).
    case cannotOpen
    /// This store already holds tokens (someone signed in with this SDK); they are kept.
    case storeHasTokens
  }

  /// The seed's file that was looked for, or `nil` when no location could be named.
  public var fileURL: URL?
  /// Whether the seed's file was there.
  public var found = false
  /// Whether an earlier start imported it; the counts are that import's.
  public var alreadyImported = false
  /// Whether the seed's tokens are now this store's.
  public var tokensImported = false
  /// Why the tokens were not imported, when they were not.
  public var tokensSkippedReason: TokenSkipReason?
  /// How many queued events were imported.
  public var eventsImported = 0
  /// How many rows of the seed's queue were left out: no event name, or an id already
  /// queued.
  public var eventsSkipped = 0
  /// How many imported events had a time that could not be read; they carry the time of
  /// the import instead.
  public var eventsTimedAtImport = 0
  /// Whether the seed's file was deleted at this start (``SeedImport/OldFile/remove``).
  public var oldFileRemoved = false
  /// Why the import did not happen (an unreadable file, a failed write), or `nil`. Nothing
  /// was imported then, and the next start tries again.
  public var failure: String?

  /// Creates an empty report for the file at `fileURL`.
  public init(fileURL: URL?) {
    self.fileURL = fileURL
  }

  /// One line for the log: what was found and imported; no token is ever in it.
  public var description: String {
    guard found else { return "No seed SDK database to import." }
    if let failure { return "The seed SDK's database was not imported: \(failure)" }
    let tokens =
      tokensImported
      ? "tokens imported" : "tokens skipped (\(tokensSkippedReason?.rawValue ?? "none"))"
    return
      (alreadyImported
      ? "The seed SDK's database was imported earlier: " : "Imported the seed SDK's database: ")
      + "\(tokens), \(eventsImported) events imported, \(eventsSkipped) skipped, "
      + "\(eventsTimedAtImport) timed at the import\(oldFileRemoved ? ", file removed" : "")."
  }
}
