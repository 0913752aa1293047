#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension LoyaltyConfiguration {
  /// The directory the SDK keeps this app's files in (database, keys), namespaced by
  /// bundle identifier: `database.directory` when set, otherwise
  /// `$XDG_DATA_HOME/loyalty/<bundleID>` (or `~/.local/share/loyalty/<bundleID>`) on
  /// Linux and `Application Support/Loyalty/<bundleID>` on Apple platforms.
  ///
  /// Nothing is created by reading this property.
  public var dataDirectory: URL {
    if let directory = database.directory {
      return URL(fileURLWithPath: directory, isDirectory: true)
    }
    return Self.platformDataRoot.appendingPathComponent(bundleID, isDirectory: true)
  }

  /// The directory file logging writes to (``LoggingConfiguration/fileLogging``):
  /// `Logs` in ``dataDirectory``. Nothing is created by reading this property.
  public var logDirectory: URL {
    dataDirectory.appendingPathComponent("Logs", isDirectory: true)
  }

  private static var platformDataRoot: URL {
    #if os(Linux) || os(Android) || os(FreeBSD)
      let environment = ProcessInfo.processInfo.environment
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
        return URL(fileURLWithPath: xdg, isDirectory: true)
          .appendingPathComponent("loyalty", isDirectory: true)
      }
      return FileManager.default.homeDirectoryForCurrentUser
        .appendingPathComponent(".local/share/loyalty", isDirectory: true)
    #else
      let support =
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? FileManager.default.temporaryDirectory
      return support.appendingPathComponent("Loyalty", isDirectory: true)
    #endif
  }
}
