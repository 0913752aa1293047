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
import LoyaltyTestSupport
import LoyaltyURLSession

/// A client with every product that records or sends data about the user, its files in
/// a directory of its own, talking over URLSession to the sandbox on 127.0.0.1.
struct PrivacyHarness {
  let directory: URL
  let loopback: SandboxOverLoopback

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LoyaltyPrivacyTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(matching: Self.configuration(port: 1, in: directory)),
      fixtures: SandboxFixtures(
        seed: 11, campaigns: 20, personalizedCampaigns: 4, couponSets: 10, merchants: 10,
        users: 2))
    loopback = try SandboxOverLoopback(backend)
  }

  /// The configuration of a client of this harness, every feature as `enabled` says
  /// until the user chooses.
  func configuration(enabled: PrivacyFeatures = .all) -> LoyaltyConfiguration {
    var configuration = Self.configuration(port: loopback.server.port, in: directory)
    configuration.privacy.enabled = enabled
    return configuration
  }

  static func configuration(port: UInt16, in directory: URL) -> LoyaltyConfiguration {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: "privacy-test-key", bundleID: "com.example.privacy-tests",
      environment: .custom(URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    configuration.turnOnAnalyticsAndRegistration()
    configuration.logging.level = .none
    configuration.database.directory = directory.path
    // Tokens encrypted at rest: the field cipher's key is a file the SDK writes too.
    configuration.database.encryptionEnabled = true
    // Room for a machine running every suite at once; nothing here waits for a timeout.
    configuration.network.requestTimeout = 60
    configuration.network.resourceTimeout = 120
    configuration.token.loginTimeout = 60
    configuration.token.refreshTimeout = 60
    return configuration
  }

  /// Starts a client with security (a file key store), the store, the network over URLSession, analytics (flushed
  /// only when asked), the market, push and location.
  func start(_ configuration: LoyaltyConfiguration) async throws -> LoyaltyClient {
    try await LoyaltyClient.start(
      configuration,
      modules: [
        SecurityModule(), StoreModule(), NetworkModule(transport: .urlSession),
        EventsModule(analytics: AnalyticsConfiguration(flushAt: 10_000, flushInterval: 0)),
        MarketModule(), PushModule(), LocationModule(),
      ])
  }

  /// Every regular file under the directory, with its bytes.
  func files() -> [(path: String, bytes: Data)] {
    let enumerator = FileManager.default.enumerator(
      at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    var files: [(String, Data)] = []
    while let url = enumerator?.nextObject() as? URL {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
      else { continue }
      files.append((url.path, (try? Data(contentsOf: url)) ?? Data()))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  /// The files under the directory whose bytes hold `marker`.
  func files(holding marker: String) -> [String] {
    files().filter { $0.bytes.range(of: Data(marker.utf8)) != nil }.map(\.path)
  }

  /// The names of the analytics events the sandbox stored.
  var uploadedEventNames: [String] {
    loopback.backend.analyticsEvents.compactMap {
      $0["event_name"]?.stringValue ?? $0["name"]?.stringValue
    }
  }

  func remove() {
    loopback.stop()
    try? FileManager.default.removeItem(at: directory)
  }
}
