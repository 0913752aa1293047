/// The shared data of the sandbox: what every user sees the same. It never changes
/// after the backend is created.
public struct SandboxCatalog: Sendable {
  /// The campaigns of the standard context, in generation order.
  public let campaigns: [SandboxCampaign]
  /// The coupon sets.
  public let couponSets: [SandboxCouponSet]
  /// The merchants.
  public let merchants: [SandboxMerchant]
  /// The merchant categories; the first is `supermarket`.
  public let categories: [SandboxMerchantCategory]
  /// The articles.
  public let articles: [SandboxArticle]

  private let campaignIndex: [String: Int]
  private let couponSetIndex: [String: Int]
  private let merchantIndex: [String: Int]

  init(
    campaigns: [SandboxCampaign], couponSets: [SandboxCouponSet], merchants: [SandboxMerchant],
    categories: [SandboxMerchantCategory], articles: [SandboxArticle]
  ) {
    self.campaigns = campaigns
    self.couponSets = couponSets
    self.merchants = merchants
    self.categories = categories
    self.articles = articles
    campaignIndex = Dictionary(
      campaigns.enumerated().map { ($1.sessionUUID, $0) }, uniquingKeysWith: { first, _ in first })
    couponSetIndex = Dictionary(
      couponSets.enumerated().map { ($1.uuid, $0) }, uniquingKeysWith: { first, _ in first })
    merchantIndex = Dictionary(
      merchants.enumerated().map { ($1.uuid, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The campaign with `sessionUUID`.
  public func campaign(sessionUUID: String) -> SandboxCampaign? {
    campaignIndex[sessionUUID].map { campaigns[$0] }
  }

  /// The coupon set with `uuid`.
  public func couponSet(uuid: String) -> SandboxCouponSet? {
    couponSetIndex[uuid].map { couponSets[$0] }
  }

  /// The merchant with `uuid`.
  public func merchant(uuid: String) -> SandboxMerchant? {
    merchantIndex[uuid].map { merchants[$0] }
  }
}
