public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// How the merchant directory syncs and searches.
public struct DirectoryConfiguration: Sendable {
  /// The folder for snapshots; `nil` uses `<dataDirectory>/directory`.
  public var folder: URL?
  /// Sync every this many seconds while the client runs; `nil` syncs only on demand.
  public var syncInterval: TimeInterval?
  /// The providers enabled (among those compiled in); `nil` enables every one.
  public var enabledProviders: Set<DirectoryProviderID>?
  /// Fail the start with ``LoyaltyCore/LoyaltyError/Code/directoryFullTextUnavailable``
  /// when the system SQLite has no FTS5, rather than fall back to a substring scan.
  public var requireFullTextSearch: Bool
  /// Writes downloads to disk; replace it to simulate a full disk.
  public var fileWriter: any DirectoryFileWriter

  /// Creates a configuration.
  public init(
    folder: URL? = nil, syncInterval: TimeInterval? = nil,
    enabledProviders: Set<DirectoryProviderID>? = nil, requireFullTextSearch: Bool = false,
    fileWriter: any DirectoryFileWriter = PosixDirectoryFileWriter()
  ) {
    self.folder = folder
    self.syncInterval = syncInterval
    self.enabledProviders = enabledProviders
    self.requireFullTextSearch = requireFullTextSearch
    self.fileWriter = fileWriter
  }
}
