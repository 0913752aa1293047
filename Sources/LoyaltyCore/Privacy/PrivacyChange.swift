/// A change of the enabled ``PrivacyFeatures``, as ``PrivacyCenter`` hands it to the
/// modules that enforce it and posts it (``PrivacyFeaturesChanged``).
public struct PrivacyChange: Sendable, Hashable {
  /// The features enabled before.
  public let previous: PrivacyFeatures
  /// The features enabled now.
  public let current: PrivacyFeatures

  /// Creates a change.
  public init(previous: PrivacyFeatures, current: PrivacyFeatures) {
    self.previous = previous
    self.current = current
  }

  /// The features this change turned off.
  public var disabled: PrivacyFeatures { previous.subtracting(current) }
  /// The features this change turned on.
  public var enabled: PrivacyFeatures { current.subtracting(previous) }
}
