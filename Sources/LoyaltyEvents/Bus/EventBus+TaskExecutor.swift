public import LoyaltyCore

// Task executor preferences are new in iOS 18 and macOS 15; the SDK's floor is iOS 17,
// so these overloads are offered where the system has them.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension EventBus {
  /// Subscribes to events of type `type`, with the handler running on `executor`.
  /// - Parameters:
  ///   - type: The event type.
  ///   - executor: Where the handler runs.
  ///   - handler: Called once per event, in posting order, off the posting thread.
  /// - Returns: The subscription; keep it for as long as you want events.
  @inlinable
  public func subscribe<Event: LoyaltyEvent>(
    _ type: Event.Type,
    on executor: any TaskExecutor,
    handler: @escaping @Sendable (Event) -> Void
  ) -> EventSubscription {
    subscribe(toType: ObjectIdentifier(type), on: .preferring(executor)) { event in
      if let event = event as? Event {
        handler(event)
      }
    }
  }

  /// Subscribes to events of type `type` with a handler that may suspend, running on
  /// `executor`; the next event is delivered once it returns.
  public func subscribe<Event: LoyaltyEvent>(
    _ type: Event.Type,
    on executor: any TaskExecutor,
    handler: @escaping @Sendable (Event) async -> Void
  ) -> EventSubscription {
    subscribe(to: .type(ObjectIdentifier(type)), on: .preferring(executor)) { reader in
      await reader.deliver(casting: { $0 as? Event }, to: handler)
    }
  }

  /// Subscribes to events named `name`, whatever their type, running on `executor`.
  public func subscribe(
    to name: String,
    on executor: any TaskExecutor,
    handler: @escaping @Sendable (any LoyaltyEvent) -> Void
  ) -> EventSubscription {
    subscribe(to: .name(name), on: .preferring(executor)) { await $0.deliver(to: handler) }
  }

  /// Subscribes to events named `name`, whatever their type, with a handler that may
  /// suspend, running on `executor`.
  public func subscribe(
    to name: String,
    on executor: any TaskExecutor,
    handler: @escaping @Sendable (any LoyaltyEvent) async -> Void
  ) -> EventSubscription {
    subscribe(to: .name(name), on: .preferring(executor)) {
      await $0.deliver(casting: { $0 }, to: handler)
    }
  }

  /// Subscribes to every event, running on `executor`.
  public func subscribeToAll(
    on executor: any TaskExecutor,
    handler: @escaping @Sendable (any LoyaltyEvent) -> Void
  ) -> EventSubscription {
    subscribe(to: .all, on: .preferring(executor)) { await $0.deliver(to: handler) }
  }

  /// Subscribes to every event with a handler that may suspend, running on `executor`.
  public func subscribeToAll(
    on executor: any TaskExecutor,
    handler: @escaping @Sendable (any LoyaltyEvent) async -> Void
  ) -> EventSubscription {
    subscribe(to: .all, on: .preferring(executor)) {
      await $0.deliver(casting: { $0 }, to: handler)
    }
  }
}
