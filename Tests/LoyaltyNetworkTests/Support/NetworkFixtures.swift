import Foundation
import LoyaltyCore
import LoyaltyNetwork

enum NetworkFixtures {
  static func configuration(
    preset: LoyaltyConfiguration.Preset = .production,
    _ adjust: (inout LoyaltyConfiguration) -> Void = { _ in }
  ) -> LoyaltyConfiguration {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: "test-api-key-0001", bundleID: "com.example.network-tests",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: preset)
    configuration.logging.level = .none
    adjust(&configuration)
    return configuration
  }

  static let device = DeviceIdentity(
    deviceID: "device-1", platform: "linux", vendor: "linux", osVersion: "6.1.0")

  /// A network client over `backend`, with an in-memory token store.
  static func client(
    backend: ScriptedBackend,
    configuration: LoyaltyConfiguration = configuration(),
    tokens: TokenPair? = nil,
    events: (any EventSink)? = nil,
    logger: LoyaltyLogger = .disabled,
    errorPolicy: ErrorPolicy = .standard,
    store: (any TokenStore)? = nil
  ) -> (NetworkClient, any TokenStore) {
    let tokenStore = store ?? InMemoryTokenStore(tokens)
    let client = NetworkClient(
      configuration: configuration, transport: backend, tokenStore: tokenStore,
      signer: PortableRequestSigner(), clock: backend.clock, device: device, events: events,
      logger: logger, errorPolicy: errorPolicy)
    return (client, tokenStore)
  }

  /// A bearer endpoint returning the flattened response.
  static func profile(id: Int = 0) -> Endpoint<ResponseEnvelope> {
    Endpoint(
      name: "profile", method: .post, path: "/oauth/{appUUID}/context", auth: .bearer,
      body: .wrapped("consumer_data", ["action": "handle_user_details", "process": "get"]),
      headers: ["X-Request-ID": String(id)])
  }
}
