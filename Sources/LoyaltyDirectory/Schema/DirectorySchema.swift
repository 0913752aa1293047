/// The schema versions of the directory snapshot the server publishes, and the ones
/// this SDK reads.
///
/// | version | `merchant` columns that changed |
/// |---|---|
/// | 1 | `redeemType`, `acceptsDash` (no `enabled`) |
/// | 2 | `denominationsType` replaces `redeemType` |
/// | 3 | `enabled` (nullable, from the gift-card provider) added beside `acceptsDash` |
///
/// Every version has `merchant(id, name, category, address, tags, latitude, longitude,
/// acceptsGiftCards)` and `merchant_provider(merchantId, provider)`; the version is the
/// file's `PRAGMA user_version` and the manifest's `schemaVersion`.
public enum DirectorySchema {
  /// The versions this SDK reads.
  public static let supportedVersions: ClosedRange<Int> = 1...3
  /// The version the server publishes today.
  public static let currentVersion = 3
}
