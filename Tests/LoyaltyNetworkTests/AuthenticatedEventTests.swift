import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("The login event names the user the token names")
struct AuthenticatedEventTests {
  /// A JWT-shaped access token with `claims` (JSON).
  static func token(_ claims: String) -> String {
    let header = Base64URL.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
    return "\(header).\(Base64URL.encode(Data(claims.utf8))).sig"
  }

  @Test(
    "the user id is the token's subject, when it has one that is not empty",
    arguments: [
      (token(#"{"sub":"user-1","exp":4000000000}"#), "user-1"),
      (token(#"{"sub":"","exp":4000000000}"#), nil),
      (token(#"{"exp":4000000000}"#), nil),
      ("not-a-jwt", nil),
    ] as [(String, String?)])
  func userID(_ accessToken: String, _ expected: String?) async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let events = InMemoryEventSink()
    let (client, _) = NetworkFixtures.client(backend: backend, events: events)
    try await client.session.login(
      with: TokenPair(accessToken: accessToken, refreshToken: "refresh"))
    let posted = events.events(of: Authenticated.self)
    #expect(posted.count == 1)
    #expect(posted.first?.userID == expected)
    #expect(posted.first?.method == .tokens)
  }
}
