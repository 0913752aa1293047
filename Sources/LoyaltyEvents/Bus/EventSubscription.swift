import LoyaltyCore

/// A live subscription to the ``EventBus``. It ends when cancelled or released.
public final class EventSubscription: Sendable {
  private let onCancel: Locked<(@Sendable () -> Void)?>
  private let skipped: @Sendable () -> Int

  init(onCancel: @escaping @Sendable () -> Void, skipped: @escaping @Sendable () -> Int = { 0 }) {
    self.onCancel = Locked(onCancel)
    self.skipped = skipped
  }

  /// A subscription that has already ended: what a finished bus hands out.
  static var ended: EventSubscription {
    let subscription = EventSubscription(onCancel: {})
    subscription.cancel()
    return subscription
  }

  deinit {
    cancel()
  }

  /// Ends the subscription: no event is delivered after the one in progress.
  public func cancel() {
    let action = onCancel.withLock { action -> (@Sendable () -> Void)? in
      defer { action = nil }
      return action
    }
    action?()
  }

  /// How many events this subscription skipped because it fell more than the bus's
  /// ``EventBus/subscriberCapacity`` behind: the oldest of those it had not received.
  public var skippedEventCount: Int { skipped() }

  /// Whether ``cancel()`` has been called.
  public var isCancelled: Bool { onCancel.withLock { $0 == nil } }
}
