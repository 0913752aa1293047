/// What started a device registration.
public enum DeviceRegistrationTrigger: String, Sendable, Equatable {
  /// The client's start (``LoyaltyCore/DeviceConfiguration/registersAtStart``).
  case start
  /// A new push token.
  case tokenUpdate = "token_update"
  /// A call of the host's: ``DeviceRegistration/register()`` or
  /// ``DeviceRegistration/registerIfNeeded()``.
  case explicit
  /// The user turned push and device registration, or device information, back on.
  case privacyChange = "privacy_change"
  /// The app became active (``LoyaltyCore/AppLifecycle/didBecomeActive()``) and the
  /// device's information changed since it was last sent.
  case appActive = "app_active"
}
