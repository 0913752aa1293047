import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// With device information off, registration leaves the device's description out.
@Suite("Device information switch")
struct DeviceInformationTests {
  @Test("device information off: model, screen and app version leave the registration")
  func descriptionLeftOut() async throws {
    let harness = try PrivacyHarness()
    defer { harness.remove() }
    var configuration = harness.configuration()
    configuration.device.model = "Model-7f1c"
    configuration.device.screenResolution = "1179x2556"
    configuration.device.appVersion = "4.2.0"
    configuration.device.appBuild = "421"
    let client = try await harness.start(configuration)
    let registration = try client.deviceRegistration
    _ = await registration.awaitStartRegistration()
    let deviceID = try await registration.currentDeviceInfo().uniqueDeviceID
    let described = try #require(harness.loopback.backend.deviceInfo(for: deviceID))
    for field in ["ios_model", "screen_resolution", "app_version", "app_build"] {
      #expect(described[field] != nil, "\(field) is sent with device information on")
    }

    try await client.privacy.disable(.deviceInformation)
    // The change registers again; with this call, whichever runs first sends.
    _ = try await registration.registerIfNeeded()
    let bare = try #require(harness.loopback.backend.deviceInfo(for: deviceID))
    for field in ["ios_model", "screen_resolution", "app_version", "app_build"] {
      #expect(bare[field] == nil, "\(field) is left out with device information off")
    }
    #expect(bare["unique_device_id"]?.stringValue == deviceID)
    #expect(harness.loopback.endpoints.filter { $0 == .deviceInfo }.count == 2)
    await client.shutdown()
  }
}
