import LoyaltyCore

/// The task a ``MarketModel`` follows its state with: cancelled, and the model's
/// registration with the state removed, when the model goes away.
final class MarketModelFollowing: Sendable {
  private let state: MarketState
  private let task = Locked<Task<Void, Never>?>(nil)
  private let id = Locked<ObjectIdentifier?>(nil)

  init(state: MarketState) {
    self.state = state
  }

  /// Starts `operation` on the main actor, for the model `id`.
  @MainActor
  func start(id: ObjectIdentifier, _ operation: @escaping @MainActor () async -> Void) {
    self.id.withLock { $0 = id }
    task.withLock { $0 = Task { @MainActor in await operation() } }
  }

  deinit {
    task.withLock { $0?.cancel() }
    if let id = id.withLock({ $0 }) {
      let state = state
      Task { await state.removeMirror(id) }
    }
  }
}
