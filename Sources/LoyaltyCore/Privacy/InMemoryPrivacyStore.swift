/// A ``PrivacyStore`` in memory: the choice lasts as long as the store.
public actor InMemoryPrivacyStore: PrivacyStore {
  private var features: PrivacyFeatures?

  /// Creates a store holding `features`, or no choice.
  public init(_ features: PrivacyFeatures? = nil) {
    self.features = features
  }

  public func storedFeatures() -> PrivacyFeatures? { features }

  public func save(_ features: PrivacyFeatures) { self.features = features }

  public func removeChoice() { features = nil }
}
