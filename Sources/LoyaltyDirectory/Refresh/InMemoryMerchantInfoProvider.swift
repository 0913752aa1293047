public import LoyaltyCore

/// A ``MerchantInfoProvider`` over a dictionary, for tests, previews and hosts that
/// fetch merchant details themselves: it answers what it was given, or fails as told.
public final class InMemoryMerchantInfoProvider: MerchantInfoProvider {
  private struct State {
    var merchants: [Int: MerchantInfo]
    var failure: LoyaltyError?
    var requests: [Int] = []
  }

  private let state: Locked<State>

  /// Creates a provider that knows `merchants`.
  public init(_ merchants: [Int: MerchantInfo] = [:]) {
    state = Locked(State(merchants: merchants))
  }

  /// Sets what the provider says of merchant `id`; `nil` forgets it.
  public func set(_ info: MerchantInfo?, for id: Int) {
    state.withLock { $0.merchants[id] = info }
  }

  /// Makes every request fail with `error` until called again with `nil`.
  public func fail(with error: LoyaltyError?) {
    state.withLock { $0.failure = error }
  }

  /// The ids asked for, in order.
  public var requests: [Int] { state.withLock { $0.requests } }

  public func merchantInfo(id: Int) async throws -> MerchantInfo? {
    try state.withLock { state in
      state.requests.append(id)
      if let failure = state.failure { throw failure }
      return state.merchants[id]
    }
  }
}
