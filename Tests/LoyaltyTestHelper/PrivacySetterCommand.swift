import Foundation
import LoyaltyCore
import LoyaltyStore

/// Starts a client on a data directory, sets the enabled privacy features, prints
/// `saved` once the setter has returned, and then waits to be killed: a test kills it
/// with SIGKILL and checks that the next start finds the choice.
///
/// Arguments: `<data directory> <features as a number>`; it ends by itself when its
/// parent process goes away.
struct PrivacySetterCommand {
  static func run(_ arguments: [String]) async throws {
    guard arguments.count == 2, let bits = UInt32(arguments[1]) else {
      throw HelperError(message: "usage: privacy-setter <data directory> <features>")
    }
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.privacy-setter",
      preset: .testing)
    // The testing preset starts with analytics and the registration at start off
    // (seed 000 lines 1140-1150); these tests were written with both on.
    configuration.privacy.enabled.insert(.analytics)
    configuration.device.registersAtStart = true
    configuration.database.directory = arguments[0]
    configuration.logging.level = .none
    let client = try await LoyaltyClient.start(configuration, modules: [StoreModule()])
    try await client.privacy.setEnabledFeatures(PrivacyFeatures(rawValue: bits))
    FileHandle.standardOutput.write(Data("saved\n".utf8))
    let parent = getppid()
    while getppid() == parent {
      try await Task.sleep(for: .milliseconds(50))
    }
    await client.shutdown()
  }
}
