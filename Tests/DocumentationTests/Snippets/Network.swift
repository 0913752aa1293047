import LoyaltyCore
import LoyaltyNetwork

// The blocks of Docs/Network.md.

extension Endpoint where Response == ResponseEnvelope {
  static func profile() -> Self {
    Endpoint(
      name: "profile", method: .post, path: "/oauth/{appUUID}/context", auth: .bearer,
      body: .wrapped("consumer_data", ["action": "handle_user_details", "process": "get"]))
  }
}

func loadProfile(_ client: LoyaltyClient) async throws -> ResponseEnvelope {
  try await client.network.send(.profile())
}

private func sessionCalls(
  client: LoyaltyClient, guid: String, ticket: String, partnerUser: String,
  partnerSecret: String, jwt: String, refresh: String
) async throws {
  let session = try client.network.session
  try await session.loginWithEmail("user@example.com")
  try await session.verifyTicket(guid: guid, ticket: ticket)
  try await session.loginPartnerUser(guid: guid, username: partnerUser, password: partnerSecret)
  try await session.login(with: TokenPair(accessToken: jwt, refreshToken: refresh))
  await session.logout()
}

/// The host's backend of the guide, which issues the SDK's JWT.
struct MyBackend: Sendable {
  func loyaltyToken() async throws -> String? { nil }
}

private func tokenProvider(session: Session, myBackend: MyBackend) async throws {
  await session.useTokenProvider { try await myBackend.loyaltyToken() }
  try await session.loginWithTokenProvider()
}

private func deviceRegistration(client: LoyaltyClient) async throws {
  let registration = try client.deviceRegistration
  if case .failed(let error)? = await registration.awaitStartRegistration() {
    print("will retry on the next start: \(error)")
  }
  try await registration.registerIfNeeded()  // only when changed
  try await registration.register()  // always
}
