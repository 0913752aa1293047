import LoyaltyCore

extension DirectoryCenter {
  /// Refreshes one merchant from a live provider, with fallbacks (seed 003 lines 93-189,
  /// 319-334): each field comes from the provider, or else the installed snapshot, or
  /// else the default, and the result says which answered each field and where the
  /// provider and the snapshot disagree (each disagreement is also logged as a warning).
  ///
  /// A provider that fails or does not know the merchant is not an error: the snapshot
  /// answers, and the failure is in ``MerchantRefresh/providerError``. Without a
  /// snapshot (not synced yet, or the merchant is not in it), the defaults answer.
  /// - Parameters:
  ///   - id: The merchant's id.
  ///   - provider: The live source to ask first.
  /// - Throws: `CancellationError` when the task is cancelled; nothing else.
  public func refreshMerchant(id: Int, using provider: any MerchantInfoProvider) async throws
    -> MerchantRefresh
  {
    var info: MerchantInfo?
    var providerError: LoyaltyError?
    do {
      info = try await provider.merchantInfo(id: id)
    } catch {
      try Task.checkCancellation()
      providerError =
        error as? LoyaltyError
        ?? LoyaltyError(
          .directoryDownloadFailed, "The merchant info provider failed for merchant \(id).",
          metadata: ["merchantId": String(id)], underlying: error)
    }
    var stored: DirectoryMerchant?
    do {
      stored = try await merchant(id: id)
    } catch {
      try Task.checkCancellation()
      logger.debug("Merchant \(id): the snapshot could not be read: \(error)")
    }
    let refresh = MerchantRefreshResolver.resolve(
      id: id, info: info, stored: stored, providerError: providerError)
    if let providerError {
      logger.warning(
        "Merchant \(id): the provider failed (\(providerError.code)); "
          + (stored == nil ? "defaults used." : "the snapshot answered."))
    }
    for mismatch in refresh.mismatches {
      logger.warning("Merchant \(id): \(mismatch); the provider's value is used.")
    }
    return refresh
  }
}

/// Merges a provider's answer, a snapshot merchant and the defaults, field by field.
enum MerchantRefreshResolver {
  static func resolve(
    id: Int, info: MerchantInfo?, stored: DirectoryMerchant?, providerError: LoyaltyError?
  ) -> MerchantRefresh {
    var merchant = stored ?? DirectoryMerchant(id: id, name: "")
    var sources: [MerchantRefresh.Field: MerchantRefresh.Source] = [:]
    var mismatches: [MerchantRefresh.Mismatch] = []
    let fallback: MerchantRefresh.Source = stored == nil ? .default : .snapshot

    func pick<Value: Equatable>(
      _ field: MerchantRefresh.Field, _ said: Value?,
      _ keyPath: WritableKeyPath<DirectoryMerchant, Value>,
      show: (Value) -> String
    ) {
      guard let said else {
        sources[field] = fallback
        return
      }
      sources[field] = .provider
      if let stored, stored[keyPath: keyPath] != said {
        mismatches.append(
          MerchantRefresh.Mismatch(
            field: field, provider: show(said), snapshot: show(stored[keyPath: keyPath])))
      }
      merchant[keyPath: keyPath] = said
    }

    pick(.name, info?.name, \.name) { $0 }
    pick(.enabled, info?.enabled, \.enabled) { String($0) }
    let denominations = info.flatMap { info -> DirectoryDenominations? in
      if let denominations = info.denominations { return denominations }
      guard let type = info.denominationsType else { return nil }
      return DirectoryMerchant(id: id, name: "", denominationsType: type).denominations
    }
    pick(.denominations, denominations, \.denominations) { $0.description }
    if sources[.denominations] == .provider {
      merchant.denominationsType =
        info?.denominationsType
        ?? (merchant.denominations.isFlexible ? "flexible" : "fixed")
    }
    // `map(Optional.some)`: a field the provider left out stays "not said", not "said nil".
    pick(.logoLocation, info?.logoLocation.map(Optional.some), \.logoLocation) {
      $0 ?? "none"
    }
    pick(.website, info?.website.map(Optional.some), \.website) { $0 ?? "none" }
    pick(.ctxMerchantId, info?.ctxMerchantId.map(Optional.some), \.ctxMerchantId) {
      $0 ?? "none"
    }
    return MerchantRefresh(
      merchant: merchant, sources: sources, mismatches: mismatches,
      providerError: providerError, providerAnswered: info != nil, inSnapshot: stored != nil)
  }
}
