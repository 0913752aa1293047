import LoyaltyCore
public import Observation

/// ``MarketState`` for a SwiftUI view: the same values on the main actor, observable
/// through the Observation framework, so a view redraws when the coupons, the campaigns
/// or the pass change.
///
/// ```swift
/// let model = await MarketModel(state: try client.market.state)
/// ```
///
/// A model follows the state's changes in order. An observer hears once per change that
/// shows (the `@Observable` macro tells no one of a value set to what it was), and never
/// of an answer that did not land (one dropped because the user changed, say). When the state is
/// emptied (a login, a logout, an end of the session, a change of language), every model
/// is emptied before the state's reset returns, so before the tokens change: a view never
/// shows one user's coupons under another's session. Make one where the main actor runs
/// (an app): the state's reset waits for each model on it.
@MainActor
@Observable
public final class MarketModel {
  /// Listed campaigns (filtered).
  public private(set) var campaigns: [Campaign] = []
  /// Every campaign received.
  public private(set) var allCampaigns: [Campaign] = []
  /// The carousel.
  public private(set) var carousel: [Campaign] = []
  /// Active coupons, soonest to expire first.
  public private(set) var activeCoupons: [Coupon] = []
  /// Redeemed coupons, most recently redeemed first.
  public private(set) var redeemedCoupons: [Coupon] = []
  /// Coupon sets.
  public private(set) var couponSets: [CouponSet] = []
  /// Merchants.
  public private(set) var merchants: [Merchant] = []
  /// The supermarket campaign.
  public private(set) var supermarketCampaign: Campaign?
  /// The market pass.
  public private(set) var marketPass: MarketPassDetails?
  /// Contextual offers.
  public private(set) var ccmsOffers: [ContextualOffer] = []
  /// Seasonal packages.
  public private(set) var seasonals: [SeasonalPackage] = []

  /// The task following the state; it ends when the model goes away.
  @ObservationIgnored private let following: MarketModelFollowing

  /// Creates a model holding the state's values now, and following its changes.
  /// - Parameter state: The market's state: `client.market.state`.
  public init(state: MarketState) async {
    following = MarketModelFollowing(state: state)
    let id = ObjectIdentifier(self)
    let changes = await state.changes()
    await state.addMirror(id) { [weak self] in await self?.apply(.empty) }
    apply(await state.snapshot())
    following.start(id: id) { [weak self] in
      for await change in changes {
        let snapshot = await state.snapshot()
        guard let self else { return }
        self.apply(snapshot, [change])
      }
    }
  }

  /// Copies what `changes` cover from `snapshot`, every value by default.
  private func apply(
    _ snapshot: MarketState.Snapshot,
    _ changes: [MarketState.Change] = MarketState.Change.allCases
  ) {
    for change in changes {
      switch change {
      case .campaigns:
        campaigns = snapshot.campaigns
        allCampaigns = snapshot.allCampaigns
        carousel = snapshot.carousel
      case .coupons:
        activeCoupons = snapshot.activeCoupons
        redeemedCoupons = snapshot.redeemedCoupons
      case .couponSets: couponSets = snapshot.couponSets
      case .merchants: merchants = snapshot.merchants
      case .supermarketCampaign: supermarketCampaign = snapshot.supermarketCampaign
      case .marketPass: marketPass = snapshot.marketPass
      case .ccms: ccmsOffers = snapshot.ccmsOffers
      case .seasonals: seasonals = snapshot.seasonals
      }
    }
  }
}
