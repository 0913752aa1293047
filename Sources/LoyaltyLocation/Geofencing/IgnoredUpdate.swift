/// Why a location update was ignored (and counted in ``LocationStatistics``).
public enum IgnoredUpdate: String, Sendable, Hashable, Codable {
  /// Less accurate than ``GeofenceConfiguration/maximumAccuracy``.
  case inaccurate
  /// Older than the last fix accepted.
  case outOfOrder
  /// The user turned location off (``LoyaltyCore/PrivacyFeatures/location``): nothing
  /// was evaluated or stored.
  case disabledByPrivacy
}
