import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Market {
  /// The key of the codes redeemed through this SDK since the coupons were last answered.
  static let redeemedCodesKey = "local.redeemed_codes"

  /// Waits for the refreshes running behind answers read from the cache
  /// (``LoyaltyCore/ReadPolicy/staleWhileRevalidate``): what a test or a command-line
  /// host does before it reads ``state`` again.
  public func waitForRevalidations() async {
    await offline.waitForBackground()
  }

  /// Around a login or an end of the session: before the tokens change, ``state`` is
  /// emptied and no answer lands until the change is over (nothing of the user leaving is
  /// shown once their tokens are gone, not for one read); after, every signed-in user's
  /// answers but the new user's are deleted, and ``state`` is emptied again, before the
  /// login or logout returns.
  func sessionChanged(_ change: SessionChange) async {
    switch change {
    case .changing: offline.context.userChanging()
    case .changed: offline.context.userChanged()
    }
    offline.forgetReads()
    if change == .changed {
      let owner = await network.cacheOwner()
      var kept: Set<String> = [MarketCacheOwner.anonymous]
      if owner.hasPrefix(MarketCacheOwner.user("")) { kept.insert(owner) }
      do {
        try await offline.cache.removeAnswers(keepingOwners: kept)
      } catch {
        offline.logger.error("The previous user's cached answers could not be deleted: \(error)")
      }
    }
    await state.reset()
  }

  /// Deletes every cached answer: the user turned the offline cache off.
  func eraseCache() async {
    offline.context.cacheErased()
    offline.forgetReads()
    do {
      try await offline.cache.removeAll()
    } catch {
      offline.logger.error("The market cache could not be emptied: \(error)")
    }
  }

  /// What the market does for the host app's lifecycle: refresh the stale answers when
  /// the app becomes active, end refreshes in the background, revalidate what came from
  /// the cache when the network returns, and read again in a new language.
  func handle(_ event: LifecycleEvent) async {
    switch event {
    case .becameActive:
      await offline.rerun(policy: .networkFirst, language: defaultLanguage)
    case .enteredBackground:
      offline.cancelBackground()
    case .networkPathChanged(let isSatisfied):
      guard isSatisfied else { return }
      await offline.rerun(policy: .networkOnly, language: defaultLanguage, onlyFromCache: true)
    case .languageChanged(let language):
      // Nothing of the old language stays on screen while the new one loads, and no read
      // asked in it lands after.
      offline.context.languageChanged(to: language)
      offline.cancelBackground()
      await state.reset()
      await offline.rerun(policy: .networkFirst, language: language)
    }
  }

  /// The codes redeemed through this SDK since the coupons were last answered, for the
  /// current user.
  func locallyRedeemedCodes(owner: String) async -> Set<String> {
    guard let stored = try? await offline.cache.answer(forKey: Self.redeemedCodesKey, owner: owner),
      let codes = try? JSONValue(parsing: stored.body).arrayValue
    else { return [] }
    return Set(codes.compactMap(\.stringValue))
  }

  /// Remembers that `code` was redeemed, so a cached answer never shows it as active, and
  /// marks what a redemption changes stale.
  func rememberRedeemed(_ code: String) async {
    offline.invalidate(["coupons", "coupon_sets", "points", "campaigns", "profile"])
    let owner = await network.cacheOwner()
    var codes = await locallyRedeemedCodes(owner: owner)
    codes.insert(code)
    guard let body = try? JSONValue.array(codes.stablySorted().map(JSONValue.string)).jsonData()
    else { return }
    await offline.store(
      CachedAnswer(
        key: Self.redeemedCodesKey, owner: owner, kind: "local", body: body,
        answeredAt: offline.serverNow, storedAt: offline.deviceNow))
  }

  /// `answered` coupons as the device knows them: from the cache, those past their
  /// expiration on the server's clock are marked expired and those redeemed here since
  /// the answer are marked redeemed; from the network, the server's word, and the record
  /// of local redemptions is cleared (while the read of `ticket` still lands in the cache:
  /// not another user's record).
  func localized(_ answered: Answered<[Coupon]>, ticket: AnswerContext.Ticket) async
    -> Answered<[Coupon]>
  {
    let owner = await network.cacheOwner()
    guard answered.source == .cache else {
      if answered.source == .network, offline.context.mayStore(ticket) {
        try? await offline.cache.removeAnswer(forKey: Self.redeemedCodesKey, owner: owner)
      }
      return answered
    }
    let redeemed = await locallyRedeemedCodes(owner: owner)
    let now = offline.serverNow
    return answered.map { coupons in
      coupons.map { coupon in
        var coupon = coupon
        if coupon.statusIfSent == 1 {
          if redeemed.contains(coupon.code) {
            coupon.localState = .redeemed
          } else if coupon.isExpired(at: now) {
            coupon.localState = .expired
          }
        }
        return coupon
      }
    }
  }
}
