public import LoyaltyCore

/// A ``LoyaltyCore/MerchantDirectory`` over merchants held in memory: for tests and
/// previews, and the reference the conformance suite holds the live directory to.
///
/// It folds text with ``DirectoryTextFolding``, as ``SQLiteMerchantDirectory`` does, so
/// both find the same merchants.
public final class InMemoryMerchantDirectory: MerchantDirectory {
  private struct Entry: Sendable {
    let merchant: DirectoryMerchant
    let words: [String]
  }

  private let entries: Locked<[Entry]?>
  private let info: Locked<DirectorySnapshotInfo?>

  /// Creates a directory; with `merchants` `nil`, it has no data until ``replace(with:info:)``.
  public init(merchants: [DirectoryMerchant]? = nil, info: DirectorySnapshotInfo? = nil) {
    self.entries = Locked(merchants.map(Self.entries))
    self.info = Locked(info)
  }

  /// Serves `merchants` from now on.
  public func replace(with merchants: [DirectoryMerchant], info: DirectorySnapshotInfo) {
    entries.withLock { $0 = Self.entries(merchants) }
    self.info.withLock { $0 = info }
  }

  public func search(_ query: DirectoryQuery) async throws -> [DirectorySearchResult] {
    let all = try current()
    let terms = DirectoryTextFolding.words(query.text)
    var found: [DirectorySearchResult] = []
    for entry in all {
      let merchant = entry.merchant
      guard terms.allSatisfy({ term in entry.words.contains { $0.hasPrefix(term) } }) else {
        continue
      }
      if let category = query.category, merchant.category != category { continue }
      if let provider = query.provider, !merchant.providers.contains(provider) { continue }
      if let enabled = query.enabled, merchant.enabled != enabled { continue }
      if let payment = query.paymentType, !merchant.paymentTypes.contains(payment) { continue }
      let distance = query.near.flatMap { near in merchant.location.map { near.distance(to: $0) } }
      found.append(DirectorySearchResult(merchant: merchant, distance: distance))
    }
    if query.near != nil {
      found = found.stablySorted {
        ($0.distance ?? .infinity, $0.merchant.id) < ($1.distance ?? .infinity, $1.merchant.id)
      }
    }
    return Array(found.prefix(max(0, query.limit)))
  }

  public func merchant(id: Int) async throws -> DirectoryMerchant? {
    try current().first { $0.merchant.id == id }?.merchant
  }

  public func snapshotInfo() async -> DirectorySnapshotInfo? {
    info.withLock { $0 }
  }

  private func current() throws -> [Entry] {
    guard let all = entries.withLock({ $0 }) else {
      throw LoyaltyError(
        .directoryNotSynced, "The directory has no snapshot yet.",
        recoverySuggestion: "Sync the directory first.")
    }
    return all
  }

  private static func entries(_ merchants: [DirectoryMerchant]) -> [Entry] {
    merchants.map { merchant in
      Entry(
        merchant: merchant,
        words: DirectoryTextFolding.words(
          ([merchant.name, merchant.category, merchant.address] + merchant.tags)
            .joined(separator: " ")))
    }
  }
}
