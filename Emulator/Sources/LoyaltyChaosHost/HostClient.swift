import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyLocation
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox
import LoyaltySecurity
import LoyaltyStore
import LoyaltyURLSession

/// Starts the client an app would: the store, security, network, events, market, push and
/// location modules on the host's data directory, against the emulator, with the host's
/// jumping clock as the device clock.
enum HostClient {
  /// The features the host switches off and on together.
  static let switched: PrivacyFeatures = [.analytics, .deviceInformation, .pushRegistration]

  static func start(
    baseURL: URL, dataDirectory: URL, bundleID: String, clock: JumpingClock
  ) async throws -> LoyaltyClient {
    // The emulator's default app, merchant and key.
    let defaults = SandboxConfiguration()
    var configuration = LoyaltyConfiguration(
      appUUID: defaults.appUUID, merchantID: defaults.merchantID, apiKey: defaults.apiKey,
      bundleID: bundleID, environment: .custom(baseURL), language: "en", preset: .production)
    configuration.logging.level = .error
    configuration.database.directory = dataDirectory.path
    // Short deadlines, so that a dripped or delayed answer ends a call within the time a
    // host must make progress in.
    configuration.network.requestTimeout = 6
    configuration.network.resourceTimeout = 12
    var overrides = CapabilityOverrides()
    overrides.override(.clock, with: clock)
    let modules: [any LoyaltyModule] = [
      StoreModule(location: .file),
      SecurityModule(keyStore: .file),
      NetworkModule(transport: .urlSession),
      // `maxAge` past the widest span of the clock offsets (a day behind to three days
      // ahead: 4 days), which a restart can put between an event's timestamp and the first
      // look at it: an event dropped as too old is the documented policy, not a loss, and
      // the invariant holds for events younger.
      EventsModule(
        analytics: AnalyticsConfiguration(flushAt: 10, flushInterval: 2, maxAge: 7 * 86_400)),
      MarketModule(),
      PushModule(),
      LocationModule(),
    ]
    return try await LoyaltyClient.start(configuration, modules: modules, overrides: overrides)
  }
}
