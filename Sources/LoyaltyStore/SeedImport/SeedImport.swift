public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Moves a host from the seed SDK without logging anyone out: at the first start, the
/// seed's database (`WarplyCache_<bundleID>.db`) is read and its tokens and queued
/// analytics events are written into this store in one transaction, once.
///
/// Give it to ``StoreModule/init(location:seedImport:)``. The import runs in the module's
/// start, right after the database is opened and migrated; it never fails the start. What
/// happened is in ``StoreDatabase/seedImportReport``, and in one line of the log.
///
/// The seed seals its tokens with AES-256-GCM under a key it keeps in the Keychain. To
/// import sealed tokens, ``tokenCipher`` returns a ``LoyaltyCore/FieldCipher`` that opens
/// the seed's boxes (`nonce + ciphertext + tag`, Base64 in the database), such as
/// LoyaltySecurity's `SealedBoxCipher` made with the seed's key. Without it, plain
/// tokens are still imported and sealed ones are skipped (the user signs in again).
public struct SeedImport: Sendable {
  /// What becomes of the seed's file once its content is imported.
  public enum OldFile: Sendable, Hashable {
    /// The file is left as it is, byte for byte.
    case keep
    /// The file and its `-wal`, `-shm` and `-journal` are deleted.
    case remove
  }

  /// Returns the cipher that opens the seed's sealed tokens, or `nil` when there is none.
  public typealias TokenCipherProvider = @Sendable () async throws -> (any FieldCipher)?

  /// The seed's database file; `nil` for where the seed keeps it
  /// (``defaultLocation(bundleID:)`` with the configuration's bundle identifier).
  public var location: URL?
  /// What becomes of the seed's file after a successful import.
  public var afterImport: OldFile
  /// Gives the cipher for the seed's sealed tokens; asked only when the seed's file holds
  /// sealed tokens. `nil`: sealed tokens are skipped.
  public var tokenCipher: TokenCipherProvider?

  /// Describes an import of the seed SDK's database.
  /// - Parameters:
  ///   - location: The seed's database file; `nil` for where the seed keeps it.
  ///   - afterImport: What becomes of the file after a successful import; kept by default.
  ///   - tokenCipher: Gives the cipher that opens the seed's sealed tokens.
  public init(
    location: URL? = nil, afterImport: OldFile = .keep,
    tokenCipher: TokenCipherProvider? = nil
  ) {
    self.location = location
    self.afterImport = afterImport
    self.tokenCipher = tokenCipher
  }

  /// Where the seed SDK keeps its database: `WarplyCache_<bundleID>.db` in the app's
  /// Documents directory, or `nil` when the platform has none.
  public static func defaultLocation(bundleID: String) -> URL? {
    guard
      let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)
        .first
    else { return nil }
    return documents.appendingPathComponent("WarplyCache_\(bundleID).db", isDirectory: false)
  }

  /// The seed's file this import reads for `configuration`.
  public func fileURL(for configuration: LoyaltyConfiguration) -> URL? {
    location ?? Self.defaultLocation(bundleID: configuration.bundleID)
  }
}
