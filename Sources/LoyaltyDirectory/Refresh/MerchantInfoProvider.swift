import LoyaltyCore

/// A live source of one merchant's details, asked before the snapshot (seed 003 lines
/// 93-137: the CTX service's merchant info, with fallbacks to the local data).
///
/// ``DirectoryCenter/refreshMerchant(id:using:)`` asks it, then falls back to the
/// installed snapshot and then to the defaults, field by field.
public protocol MerchantInfoProvider: Sendable {
  /// What the provider knows of merchant `id` now; `nil` when it does not know the
  /// merchant. Fields it leaves `nil` fall back to the snapshot.
  /// - Throws: Any error; the refresh then uses the snapshot and reports the error.
  func merchantInfo(id: Int) async throws -> MerchantInfo?
}
