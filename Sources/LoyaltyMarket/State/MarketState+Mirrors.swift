import LoyaltyCore

/// What a ``MarketModel`` reads of the state, and how the state empties every model when
/// it is emptied.
extension MarketState {
  /// Every value of the state at one moment: what a model copies, in one hop.
  package struct Snapshot: Sendable {
    var campaigns: [Campaign] = []
    var allCampaigns: [Campaign] = []
    var carousel: [Campaign] = []
    var activeCoupons: [Coupon] = []
    var redeemedCoupons: [Coupon] = []
    var couponSets: [CouponSet] = []
    var merchants: [Merchant] = []
    var supermarketCampaign: Campaign?
    var marketPass: MarketPassDetails?
    var ccmsOffers: [ContextualOffer] = []
    var seasonals: [SeasonalPackage] = []

    /// Nothing: the state after ``MarketState/reset()``.
    static let empty = Snapshot()
  }

  /// Every value, now.
  package func snapshot() -> Snapshot {
    Snapshot(
      campaigns: campaigns, allCampaigns: allCampaigns, carousel: carousel,
      activeCoupons: activeCoupons, redeemedCoupons: redeemedCoupons, couponSets: couponSets,
      merchants: merchants, supermarketCampaign: supermarketCampaign, marketPass: marketPass,
      ccmsOffers: ccmsOffers, seasonals: seasonals)
  }

  /// Registers a model's `empty`, which ``reset()`` awaits: a model follows the state's
  /// changes a hop behind, and must not show the previous user's values for that hop.
  package func addMirror(_ id: ObjectIdentifier, empty: @escaping @Sendable () async -> Void) {
    mirrors[id] = empty
  }

  /// Forgets a model that went away.
  package func removeMirror(_ id: ObjectIdentifier) {
    mirrors[id] = nil
  }
}
