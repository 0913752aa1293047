public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Where ``StoreDatabase`` keeps its data.
///
/// ```swift
/// let standard = StoreModule()  // .file: the default file
/// let chosen = StoreModule(location: .file(customURL))  // a file of your choice
/// let inMemory = StoreModule(location: .inMemory)  // nothing on disk
/// ```
public struct StoreLocation: Sendable, Hashable, CustomStringConvertible {
  private enum Kind: Hashable {
    case defaultFile
    case file(URL)
    case inMemory
  }

  private let kind: Kind

  private init(_ kind: Kind) {
    self.kind = kind
  }

  /// The default file: `LoyaltyCache_<bundleID>.db` in the configuration's
  /// ``LoyaltyCore/LoyaltyConfiguration/dataDirectory``.
  public static var file: StoreLocation { StoreLocation(.defaultFile) }

  /// The database file at `url`; its directory is created when missing.
  public static func file(_ url: URL) -> StoreLocation { StoreLocation(.file(url)) }

  /// A database in memory only: it lasts as long as the ``StoreDatabase``.
  public static var inMemory: StoreLocation { StoreLocation(.inMemory) }

  /// The file this location names for `configuration`, or `nil` when it is in memory.
  public func fileURL(for configuration: LoyaltyConfiguration) -> URL? {
    switch kind {
    case .defaultFile:
      configuration.dataDirectory.appendingPathComponent(
        "LoyaltyCache_\(configuration.bundleID).db", isDirectory: false)
    case .file(let url): url
    case .inMemory: nil
    }
  }

  /// `default file`, the file's path, or `in memory`.
  public var description: String {
    switch kind {
    case .defaultFile: "default file"
    case .file(let url): url.path
    case .inMemory: "in memory"
    }
  }
}
