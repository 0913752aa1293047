import LoyaltyCore
import LoyaltyNetwork
import LoyaltyURLSession

func logIn(_ configuration: LoyaltyConfiguration) async throws -> LoyaltyClient {
  let client = try await LoyaltyClient.start(
    configuration, modules: [NetworkModule(transport: .urlSession)])
  try await client.network.session.loginWithEmail("user@example.com")
  return client
}
