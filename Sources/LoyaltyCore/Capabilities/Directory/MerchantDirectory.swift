/// The merchant directory: searched offline, read by id, described by its snapshot.
///
/// LoyaltyDirectory provides the live implementation (a synced SQLite snapshot with
/// FTS5) and `InMemoryMerchantDirectory`, the in-memory one. Every conforming type must:
/// - match ``DirectoryQuery/text`` word by word as prefixes of the words of the name,
///   category, address and tags, ignoring case and diacritics ("καφε" finds "Καφέ");
/// - apply every filter of the query, and no more than ``DirectoryQuery/limit`` results;
/// - order results nearest first when the query has a location (merchants without one
///   last), each carrying its distance in metres;
/// - return `nil` from ``merchant(id:)`` for an unknown id, never throw for it;
/// - throw ``LoyaltyError/Code/directoryNotSynced`` while it has no data to serve, and
///   report `nil` from ``snapshotInfo()`` then;
/// - be safe to call concurrently.
public protocol MerchantDirectory: Sendable {
  /// The merchants matching `query`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/directoryNotSynced`` before the first snapshot;
  ///   ``LoyaltyCore/LoyaltyError/Code/directoryProviderDisabled`` for a provider not enabled.
  func search(_ query: DirectoryQuery) async throws -> [DirectorySearchResult]
  /// The merchant with `id`, or `nil`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/directoryNotSynced`` before the first snapshot.
  func merchant(id: Int) async throws -> DirectoryMerchant?
  /// The snapshot served now, or `nil` before the first one.
  func snapshotInfo() async -> DirectorySnapshotInfo?
}
