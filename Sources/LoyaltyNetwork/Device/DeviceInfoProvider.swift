/// Supplies the device info sent at registration. Replace it (on ``NetworkModule``) to
/// describe a device the SDK cannot see: a phone whose server-side twin runs the SDK,
/// say.
///
/// A conforming type returns the same info for the same device and token, so that
/// registration can tell when it changed; it leaves out what it does not know rather
/// than inventing it.
public protocol DeviceInfoProvider: Sendable {
  /// The info for this device, with `token` as its push token.
  func deviceInfo(token: String?) async throws -> DeviceInfo
}
