public import LoyaltyCore

extension EventBus {
  /// Subscribes to events of type `type` with a handler that runs on the main actor, for
  /// UI code: the seed's dispatcher calls every handler on the main queue (seed 000 line
  /// 452); here only the subscriptions that ask for it pay for the hop.
  ///
  /// Events arrive in posting order, one at a time: the next is delivered once the
  /// handler has returned on the main actor. Everything else about the subscription (its
  /// end, its bound, its skipped count) is as for the bus's other subscriptions.
  /// - Parameters:
  ///   - type: The event type.
  ///   - handler: Called on the main actor once per event, in posting order.
  /// - Returns: The subscription; keep it for as long as you want events.
  public func subscribeOnMainActor<Event: LoyaltyEvent>(
    _ type: Event.Type, handler: @escaping @MainActor @Sendable (Event) -> Void
  ) -> EventSubscription {
    subscribe(type) { (event: Event) async in await handler(event) }
  }

  /// Subscribes to events named `name`, whatever their type, with a handler that runs on
  /// the main actor.
  /// - Parameters:
  ///   - name: The events' name.
  ///   - handler: Called on the main actor once per event, in posting order.
  /// - Returns: The subscription; keep it for as long as you want events.
  public func subscribeOnMainActor(
    to name: String, handler: @escaping @MainActor @Sendable (any LoyaltyEvent) -> Void
  ) -> EventSubscription {
    subscribe(to: name) { (event: any LoyaltyEvent) async in await handler(event) }
  }

  /// Subscribes to every event with a handler that runs on the main actor.
  /// - Parameter handler: Called on the main actor once per event, in posting order.
  /// - Returns: The subscription; keep it for as long as you want events.
  public func subscribeToAllOnMainActor(
    handler: @escaping @MainActor @Sendable (any LoyaltyEvent) -> Void
  ) -> EventSubscription {
    subscribeToAll { (event: any LoyaltyEvent) async in await handler(event) }
  }
}
