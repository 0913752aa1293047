public import LoyaltyCore

/// The backend accepted the device's info.
public struct DeviceRegistered: LoyaltyEvent, Equatable {
  public static let eventName = "device_registered"

  /// What started the registration.
  public let trigger: DeviceRegistrationTrigger

  /// Creates the event.
  public init(trigger: DeviceRegistrationTrigger) {
    self.trigger = trigger
  }

  public var attributes: [String: String] { ["trigger": trigger.rawValue] }
}

/// A device registration failed; the next start or token update tries again.
public struct DeviceRegistrationFailed: LoyaltyEvent, Equatable {
  public static let eventName = "device_registration_failed"

  /// What started the registration.
  public let trigger: DeviceRegistrationTrigger
  /// Why it failed.
  public let error: LoyaltyError

  /// Creates the event.
  public init(trigger: DeviceRegistrationTrigger, error: LoyaltyError) {
    self.trigger = trigger
    self.error = error
  }

  public var attributes: [String: String] {
    ["trigger": trigger.rawValue, "code": String(error.code.rawValue)]
  }
}
