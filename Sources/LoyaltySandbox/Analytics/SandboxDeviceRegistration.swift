public import LoyaltyCore

/// The latest device info a device registered (``SandboxBackend/deviceRegistrations``).
public struct SandboxDeviceRegistration: Sendable, Hashable {
  /// `unique_device_id`.
  public let deviceID: String
  /// What the device sent, as it sent it.
  public let info: JSONValue

  /// Creates a registration.
  public init(deviceID: String, info: JSONValue) {
    self.deviceID = deviceID
    self.info = info
  }

  /// The push token the device registered (`device_token`), if any.
  public var pushToken: String? {
    info["device_token"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
  }
}
