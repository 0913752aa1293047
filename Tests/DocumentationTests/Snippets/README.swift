import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltyStore
import LoyaltyURLSession

func runLoyalty(apiKey: String) async throws {
  let configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef",
    apiKey: apiKey,
    bundleID: "com.example.app",
    environment: .production,
    preset: .production)

  let client = try await LoyaltyClient.start(
    configuration,
    modules: [NetworkModule(transport: .urlSession), StoreModule(), EventsModule()])

  let subscription = try client.events.subscribe(to: "session_ended") { event in
    // ...
  }
  // ... while `subscription` is held, every `session_ended` event reaches the handler ...
  subscription.cancel()
  await client.shutdown()
}

// README.md, "Use it": an override of the transport.
private func readmeOverride(configuration: LoyaltyConfiguration) async throws -> LoyaltyClient {
  let client = try await LoyaltyClient.start(
    configuration, modules: [NetworkModule()],
    overrides: CapabilityOverrides().overriding(.httpTransport, with: MyTransport()))
  return client
}
