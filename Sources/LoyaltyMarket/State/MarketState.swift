import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the market last fetched, kept in memory: the seed SDK's state, in an actor, with
/// change streams.
///
/// Only the market writes it: an answer lands here only while the user and the language
/// it was asked for are current (`Docs/Offline.md`). A host sets the contextual offers
/// and the seasonal packages through ``Market/setCCMSOffers(_:)`` and
/// ``Market/setSeasonals(_:)``.
public actor MarketState {
  /// What changed.
  public enum Change: Sendable, Equatable, CaseIterable {
    /// The campaign lists and the carousel.
    case campaigns
    /// The active or redeemed coupons.
    case coupons
    /// The coupon sets.
    case couponSets
    /// The merchants.
    case merchants
    /// The supermarket campaign.
    case supermarketCampaign
    /// The market pass.
    case marketPass
    /// The contextual offers.
    case ccms
    /// The seasonal packages.
    case seasonals
  }

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

  private var observers: [UUID: AsyncStream<Change>.Continuation] = [:]
  /// The models following the state, each with what empties it (MarketState+Mirrors).
  var mirrors: [ObjectIdentifier: @Sendable () async -> Void] = [:]
  private var isFinished = false

  /// Creates an empty state.
  public init() {}

  /// The changes from now on, until the iterating task ends or the state is finished.
  public func changes() -> AsyncStream<Change> {
    let (stream, continuation) = AsyncStream.makeStream(of: Change.self)
    guard !isFinished else {
      continuation.finish()
      return stream
    }
    let id = UUID()
    observers[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { await self?.removeObserver(id) }
    }
    return stream
  }

  /// Ends every stream of changes: each `for await` over one finishes, and later streams
  /// end at once. The client calls it at shutdown; the values stay readable.
  public func finish() {
    isFinished = true
    let ending = observers.values
    observers = [:]
    for observer in ending {
      observer.finish()
    }
  }

  private func removeObserver(_ id: UUID) {
    observers[id] = nil
  }

  private func notify(_ change: Change) {
    for observer in observers.values {
      observer.yield(change)
    }
  }

  /// Empties every value and tells each change: what a login or a logout does, so the
  /// previous user's coupons and points are gone before it returns. Every
  /// ``MarketModel`` following the state is emptied too before it returns.
  package func reset() async {
    campaigns = []
    allCampaigns = []
    carousel = []
    activeCoupons = []
    redeemedCoupons = []
    couponSets = []
    merchants = []
    supermarketCampaign = nil
    marketPass = nil
    ccmsOffers = []
    seasonals = []
    for change in [Change.campaigns, .coupons, .couponSets, .merchants, .supermarketCampaign]
      + [.marketPass, .ccms, .seasonals]
    {
      notify(change)
    }
    for empty in mirrors.values {
      await empty()
    }
  }

  /// Runs `write` on the state unless `stale` says why the answer it writes no longer
  /// lands (``AnswerContext``): the check and the write are one step of the actor, so no
  /// ``reset()`` comes between them.
  /// - Throws: what `stale` returns.
  func land(
    unless stale: @Sendable () -> LoyaltyError?, _ write: @Sendable (isolated MarketState) -> Void
  ) throws {
    if let error = stale() { throw error }
    write(self)
  }

  /// Sets the campaign lists from a pipeline result.
  package func setCampaigns(_ result: CampaignPipeline.Result) {
    campaigns = result.campaigns
    allCampaigns = result.all
    carousel = result.carousel
    notify(.campaigns)
  }

  /// Sets the coupons: active ones (status 1) by expiration, redeemed ones (status 0)
  /// by redemption date, newest first.
  package func setCoupons(_ coupons: [Coupon]) {
    // Sorted by key, never by copying two whole coupons per comparison: the keys and
    // positions are sorted, then the coupons picked in that order (stable: ties keep
    // the answer's order).
    let active = coupons.filter(\.isActive)
    activeCoupons = Self.ordered(active, by: active.map { $0.expiration ?? .distantFuture })
    let redeemed = coupons.filter(\.isRedeemed)
    redeemedCoupons = Self.ordered(
      redeemed, by: redeemed.map { $0.redeemedDate ?? .distantPast }, descending: true)
    notify(.coupons)
  }

  /// `coupons` in the order of `keys` (one per coupon), ascending or descending; equal
  /// keys keep their order.
  private static func ordered(_ coupons: [Coupon], by keys: [Date], descending: Bool = false)
    -> [Coupon]
  {
    let order = keys.indices.sorted { left, right in
      let (a, b) = (keys[left], keys[right])
      if a == b { return left < right }
      return descending ? a > b : a < b
    }
    return order.map { coupons[$0] }
  }

  /// Sets the coupon sets.
  package func setCouponSets(_ sets: [CouponSet]) {
    couponSets = sets
    notify(.couponSets)
  }

  /// Sets the merchants.
  package func setMerchants(_ list: [Merchant]) {
    merchants = list
    notify(.merchants)
  }

  /// Sets the supermarket campaign.
  package func setSupermarketCampaign(_ campaign: Campaign?) {
    supermarketCampaign = campaign
    notify(.supermarketCampaign)
  }

  /// Sets the market pass.
  package func setMarketPass(_ pass: MarketPassDetails?) {
    marketPass = pass
    notify(.marketPass)
  }

  /// Sets the contextual offers.
  package func setCCMSOffers(_ offers: [ContextualOffer]) {
    ccmsOffers = offers
    notify(.ccms)
  }

  /// Sets the seasonal packages.
  package func setSeasonals(_ packages: [SeasonalPackage]) {
    seasonals = packages
    notify(.seasonals)
  }
}
