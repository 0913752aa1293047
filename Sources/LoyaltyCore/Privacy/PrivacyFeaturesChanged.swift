/// The user's privacy choice changed: posted on the event sink once the choice is
/// persisted and every module has applied it (what turned off is deleted).
public struct PrivacyFeaturesChanged: LoyaltyEvent, Hashable {
  /// `privacy_features_changed`.
  public static let eventName = "privacy_features_changed"

  /// What changed.
  public let change: PrivacyChange

  /// Creates the event.
  public init(change: PrivacyChange) {
    self.change = change
  }

  /// `previous` and `current`, as comma-separated feature names.
  public var attributes: [String: String] {
    [
      "previous": change.previous.names.joined(separator: ","),
      "current": change.current.names.joined(separator: ","),
    ]
  }
}
