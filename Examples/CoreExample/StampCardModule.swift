import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A stamp card: every visit earns a stamp, and every `stampsForReward` stamps earn a
/// reward. The host's own feature, kept in the client's key-value store.
struct StampCard: Sendable {
  /// The result of one stamp.
  struct Stamp: Sendable {
    /// Stamps collected towards the next reward, this one included.
    let count: Int
    /// Whether this stamp completed the card.
    let isReward: Bool
  }

  /// What is kept per customer.
  private struct Record: Codable {
    var stamps = 0
    var lastVisit: Date?
  }

  let store: any KeyValueStore
  let clock: any LoyaltyClock
  let stampsForReward: Int

  /// Adds a stamp for `customer`.
  func stamp(customer: String) async throws -> Stamp {
    let key = "example.stamp-card.\(customer)"
    var record = try await store.value(Record.self, forKey: key) ?? Record()
    record.stamps += 1
    record.lastVisit = clock.now
    let isReward = record.stamps == stampsForReward
    let count = record.stamps
    if isReward {
      record.stamps = 0
    }
    try await store.set(record, forKey: key)
    return Stamp(count: count, isReward: isReward)
  }
}

extension CapabilityKey where Value == StampCard {
  /// The stamp card. A typed key: `client.resolve(.stampCard)` returns a `StampCard`.
  static var stampCard: Self {
    Self(
      "example.stamp-card", summary: "a stamp card",
      providedBy: "StampCardModule() from CoreExample")
  }
}

/// The module that provides ``StampCard``. The module value is a description (how many
/// stamps earn a reward); each client that lists it gets a stamp card of its own,
/// created by `start` and handed back to `shutdown`.
struct StampCardModule: LoyaltyModule {
  let stampsForReward: Int

  var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "CoreExample", name: "StampCardModule")
  }

  // Core provides both by default (an in-memory store, the system clock); an override
  // or another module (LoyaltyStore) can replace them.
  var requires: [AnyCapabilityKey] {
    [CapabilityKey.keyValueStore.erased, CapabilityKey.clock.erased]
  }

  // Registering a capability is declaring it: the client learns from this call that the
  // module provides `.stampCard`.
  func register(in registrar: CapabilityRegistrar<StampCard>) throws {
    registrar.provide(.stampCard) { card, _ in card }
  }

  func start(_ context: ModuleContext) async throws -> StampCard {
    context.logger.info("Stamp cards ready: \(stampsForReward) stamps earn a reward.")
    return StampCard(
      store: try context.capabilities.resolve(.keyValueStore),
      clock: try context.capabilities.resolve(.clock),
      stampsForReward: stampsForReward)
  }

  func shutdown(_ card: StampCard, context: ModuleContext) async {
    context.logger.info("Stamp cards stopped.")
  }
}

/// A module that needs an HTTP transport, which only a transport product (LoyaltyURLSession)
/// or an override provides.
struct NeedsTransportModule: LoyaltyModule {
  var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "CoreExample", name: "NeedsTransportModule")
  }

  var requires: [AnyCapabilityKey] { [CapabilityKey.httpTransport.erased] }
}
