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
