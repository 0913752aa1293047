import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// Seed 002: a host-issued token is asked for again when the app returns to the
/// foreground after 20 hours or more.
@Suite("Session: the provider's token renewed after its maximum age")
struct ProviderTokenAgeTests {
  /// A JWT with `iat` and `exp`, as a host backend issues it.
  static func token(issuedAt: Date, lifetime: TimeInterval = 7 * 86_400, n: Int) -> String {
    let issued = Int(issuedAt.timeIntervalSince1970)
    let header = Base64URL.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
    let claims = Base64URL.encode(
      Data(#"{"sub":"host-user","iat":\#(issued),"exp":\#(issued + Int(lifetime)),"n":\#(n)}"#.utf8)
    )
    return "\(header).\(claims).sig"
  }

  @Test("two seconds before 20 hours the provider is not asked; at 20 hours it is")
  func renewedAtMaximumAge() async throws {
    // The login timeout racing the provider really waits: it never moves the clock.
    let clock = InstantClock(realSleepsFrom: 10)
    let backend = ScriptedBackend(clock: clock)
    let (client, store) = NetworkFixtures.client(backend: backend)
    let asked = Locked(0)
    let issued = Locked(Date.distantPast)
    await client.session.useTokenProvider {
      let n = asked.withLock { count -> Int in
        count += 1
        return count
      }
      // The `iat` is whole seconds: the age is counted from it, not from the clock's now.
      let stamp = Date(timeIntervalSince1970: clock.now.timeIntervalSince1970.rounded(.down))
      issued.withLock { $0 = stamp }
      return Self.token(issuedAt: stamp, n: n)
    }
    try await client.session.loginWithTokenProvider()
    let first = try #require(try await store.tokens())
    let sinceIssue = clock.now.timeIntervalSince(issued.withLock { $0 })
    // The server's time is its latest bound, up to a second past the device's once a token
    // told it: two seconds before 20 hours is young, 20 hours is old.
    clock.advance(by: 72_000 - 2 - sinceIssue)
    await client.renewProviderTokenIfOld()
    #expect(asked.withLock { $0 } == 1)
    clock.advance(by: 2)
    await client.renewProviderTokenIfOld()
    #expect(asked.withLock { $0 } == 2)
    #expect(try await store.tokens() != first)
  }

  @Test("a token without iat is aged from when the provider gave it")
  func agedWithoutIssuedAt() async throws {
    // The login timeout racing the provider really waits: it never moves the clock.
    let clock = InstantClock(realSleepsFrom: 10)
    let backend = ScriptedBackend(clock: clock)
    let configuration = NetworkFixtures.configuration { $0.token.providerTokenMaxAge = 600 }
    let (client, _) = NetworkFixtures.client(backend: backend, configuration: configuration)
    let asked = Locked(0)
    await client.session.useTokenProvider {
      asked.withLock { $0 += 1 }
      return backend.issueToken(lifetime: 86_400).accessToken
    }
    try await client.session.loginWithTokenProvider()
    clock.advance(by: 599)
    await client.renewProviderTokenIfOld()
    #expect(asked.withLock { $0 } == 1)
    clock.advance(by: 1)
    await client.renewProviderTokenIfOld()
    #expect(asked.withLock { $0 } == 2)
  }

  @Test("without a provider, or logged out, nothing is asked")
  func nothingWithoutProvider() async throws {
    // The login timeout racing the provider really waits: it never moves the clock.
    let clock = InstantClock(realSleepsFrom: 10)
    let backend = ScriptedBackend(clock: clock)
    let (client, store) = NetworkFixtures.client(backend: backend)
    try await client.session.login(with: backend.issueToken(lifetime: 7 * 86_400))
    let before = try await store.tokens()
    clock.advance(by: 100_000)
    await client.renewProviderTokenIfOld()
    #expect(try await store.tokens() == before)
    #expect(backend.calls("/oauth/0123456789abcdef0123456789abcdef/token") == 0)
  }
}
