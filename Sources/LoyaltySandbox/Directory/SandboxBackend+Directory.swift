public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension SandboxBackend {
  /// Publishes `sqlite`, a directory snapshot file (LoyaltyDirectory's
  /// `DirectorySnapshotWriter` writes one from ``directoryFixtures(count:)``), as the next
  /// version: the manifest announces it from now on.
  /// - Returns: The version it was given.
  @discardableResult
  public func publishDirectorySnapshot(_ sqlite: Data, schemaVersion: Int) -> Int {
    state.withLock { state in
      let version = state.directory.nextVersion
      state.directory.nextVersion += 1
      state.directory.published = SandboxDirectoryBook.Snapshot(
        version: version, schemaVersion: schemaVersion, sqlite: sqlite)
      state.directory.publishedSQLite = sqlite
      return version
    }
  }

  /// Makes the next manifest announce a new version whose snapshot is bad in the way
  /// `fault` says; afterwards the published snapshot is announced again.
  public func failNextDirectorySnapshot(with fault: SandboxDirectoryFault) {
    state.withLock { $0.directory.pending = fault }
  }

  /// The version of the published directory snapshot, if any.
  public var publishedDirectoryVersion: Int? {
    state.withLock { $0.directory.published?.version }
  }

  /// The merchants the sandbox's directory is generated from: Greek names with accents
  /// around Athens (`Καφέ Λουμίδη`, `Φούρνος Αθηνά`...), each with providers, payment
  /// types and a location, then generated ones up to `count`.
  public static func directoryFixtures(count: Int = 40) -> [DirectoryMerchant] {
    SandboxDirectoryFixtures.merchants(count: count)
  }
}
