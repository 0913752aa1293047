import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySecurity
import LoyaltyStore
import LoyaltyURLSession
import Testing

// The ```swift blocks of the doc comments in Sources/LoyaltyCore.

// LoyaltyClient
private func clientLifecycle(configuration: LoyaltyConfiguration) async throws {
  let client = try await LoyaltyClient.start(
    configuration,
    modules: [MarketModule(), NetworkModule(transport: .urlSession), StoreModule()])
  let campaigns = try await client.market.campaigns()
  await client.shutdown()
  _ = campaigns
}

// CapabilityOverrides
private func capabilityOverrides(
  configuration: LoyaltyConfiguration, modules: [any LoyaltyModule]
) async throws -> LoyaltyClient {
  var overrides = CapabilityOverrides()
  overrides.override(.httpTransport, with: RecordingTransport())
  overrides.override(.logHandler, with: MyLogBridge())
  let client = try await LoyaltyClient.start(configuration, modules: modules, overrides: overrides)
  return client
}

// LoyaltyModule
private enum LoyaltyModuleDoc {
  struct StampCardModule: LoyaltyModule {
    var identifier: ModuleIdentifier {
      ModuleIdentifier(product: "StampCards", name: "StampCardModule")
    }
    var requires: [AnyCapabilityKey] { [CapabilityKey.keyValueStore.erased] }

    func register(in registrar: CapabilityRegistrar<StampCardBook>) {
      registrar.provide(.stampCards) { book, _ in book }
    }

    func start(_ context: ModuleContext) async throws -> StampCardBook {
      StampCardBook(store: try context.capabilities.resolve(.keyValueStore))
    }
  }
}

// CapabilityKey (the key declaration is the one in GettingStarted.swift)
private func resolvingAKey(client: LoyaltyClient) throws -> any HTTPTransport {
  let transport = try client.resolve(.httpTransport)  // any HTTPTransport
  return transport
}

// DirectoryQuery: see Directory.swift.

// LoyaltyMetric
private func aMetric() -> LoyaltyMetric {
  let metric = LoyaltyMetric.counter(
    LoyaltyMetric.Name.requests,
    dimensions: [
      .init(LoyaltyMetric.DimensionKey.endpoint, "campaigns"),
      .init(LoyaltyMetric.DimensionKey.outcome, "success"),
    ])
  return metric
}

// MetricsRecorder
private func installingARecorder() -> CapabilityOverrides {
  var overrides = CapabilityOverrides()
  overrides.override(.metricsRecorder, with: MyMetricsBridge())
  return overrides
}

// InMemoryMetricsRecorder
private func inMemoryMetrics(
  configuration: LoyaltyConfiguration, modules: [any LoyaltyModule]
) async throws {
  let metrics = InMemoryMetricsRecorder()
  var overrides = CapabilityOverrides()
  overrides.override(.metricsRecorder, with: metrics)
  let client = try await LoyaltyClient.start(configuration, modules: modules, overrides: overrides)
  // ... make calls through `client` ...
  let succeeded = metrics.counter(
    LoyaltyMetric.Name.requests, ["endpoint": "campaigns", "outcome": "success"])
  #expect(succeeded == 1)
  await client.shutdown()
}

// InMemoryHTTPTransport
private func inMemoryTransport() -> InMemoryHTTPTransport {
  let transport = InMemoryHTTPTransport { request in
    HTTPResponse(status: 200, body: Data(#"{"status":"1"}"#.utf8))
  }
  return transport
}

// LoyaltyError.seedCode
private func seedCodes(market: Market) {
  market.run {
    try await $0.coupons()
  } completion: { result in
    if case .failure(let error) = result, error.seedCode == -1009 {
      // offline, as the seed SDK said it
    }
  }
}

// LoyaltyError
private func validating(configuration: LoyaltyConfiguration) throws {
  do {
    try configuration.validate()
  } catch let error as LoyaltyError where error.code == .missingAppUUID {
    // ...
  }
}

// Locked
private func locking() -> Int {
  let count = Locked(0)
  count.withLock { $0 += 1 }
  return count.withLock { $0 }
}

// DeviceConfiguration
private func presentingAsAnIPhone(_ configuration: inout LoyaltyConfiguration) {
  configuration.device.platform = "ios"
  configuration.device.vendor = "apple"
  configuration.device.osVersion = "17.2"
  configuration.device.model = "iPhone15,2"
  configuration.device.appVersion = "4.2.0"
}

// LoyaltyConfiguration
private func configuring(apiKey: String) throws -> LoyaltyConfiguration {
  var configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef",
    merchantID: "merchant-1",
    apiKey: apiKey,
    bundleID: "com.example.app",
    environment: .production,
    preset: .production)
  configuration.token.maxRetryAttempts = 5
  configuration.token.retryDelays = [0, 1, 5, 10, 30]
  try configuration.validate()
  return configuration
}

// JSONWebToken
private func refreshingEarly(accessToken: String, clock: any LoyaltyClock) throws {
  let token = try JSONWebToken(accessToken)
  if let expiry = token.expiresAt, expiry.timeIntervalSince(clock.now) < 60 {
    // refresh proactively
  }
}

@Suite("Documentation: Core's doc-comment blocks run")
struct CoreSymbolDocTests {
  @Test("Locked counts, the metric names its endpoint, the in-memory transport answers")
  func runs() async throws {
    #expect(locking() == 1)
    #expect(aMetric().dimension(LoyaltyMetric.DimensionKey.endpoint) == "campaigns")
    let response = try await inMemoryTransport().send(
      HTTPRequest(method: .get, url: try #require(URL(string: "https://example.com"))))
    #expect(response.status == 200)
    #expect(throws: Never.self) { try configuring(apiKey: "key") }
  }
}

// PrivacyFeatures
private func privacyFeatures(client: LoyaltyClient) async throws -> PrivacyFeatures {
  try await client.privacy.disable(.analytics)
  let allowed = try await client.privacy.enabledFeatures()  // [.location, ...]
  return allowed
}

// PrivacyCenter
private func privacyCenter(client: LoyaltyClient) async throws -> Bool {
  let privacy = try client.privacy
  try await privacy.setEnabledFeatures([.analytics])  // the user agreed to analytics only
  let tracksPlaces = try await privacy.enabledFeatures().contains(.location)  // false
  return tracksPlaces
}

// LoyaltyClient.privacy
private func clientPrivacy(client: LoyaltyClient) async throws {
  try await client.privacy.disable(.analytics)  // queued events are deleted
}
