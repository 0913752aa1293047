public import LoyaltyCore

/// What the last device registration did.
public enum DeviceRegistrationOutcome: Sendable, Equatable {
  /// The backend accepted this info.
  case registered(DeviceInfo)
  /// The info had not changed since the last successful registration; nothing was sent.
  case unchanged
  /// The registration failed; the next start or token update tries again.
  case failed(LoyaltyError)
  /// The user turned push and device registration off
  /// (``LoyaltyCore/PrivacyFeatures/pushRegistration``); nothing was sent.
  case disabledByPrivacy
}
