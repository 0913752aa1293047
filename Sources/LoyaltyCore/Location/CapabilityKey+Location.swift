extension CapabilityKey where Value == any PointOfInterestStore {
  /// Where geofencing's points of interest live. Core provides
  /// ``InMemoryPointOfInterestStore``; LoyaltyStore provides a SQLite one with an
  /// R*Tree index.
  public static var pointOfInterestStore: Self {
    Self(
      "loyalty.point-of-interest-store", summary: "a point-of-interest store",
      providedBy: "StoreModule() from LoyaltyStore")
  }
}

extension CapabilityKey where Value == NotificationLimiter {
  /// The client's one ``NotificationLimiter``, so that every product notifying the user
  /// counts against the same limits. LoyaltyPush provides it; LoyaltyLocation uses it
  /// when present and makes its own otherwise.
  public static var notificationLimiter: Self {
    Self(
      "loyalty.notification-limiter", summary: "a notification limiter",
      providedBy: "PushModule() from LoyaltyPush")
  }
}
