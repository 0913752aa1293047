import Foundation
import LoyaltyCore
import Testing

/// The stored token judged as the session judges it: expired at its `exp` exactly,
/// expiring from the window's edge on.
@Suite("Token status")
struct TokenStatusTests {
  static let exp = Date(timeIntervalSince1970: 1_800_000_000)

  static func jwt(_ claims: String) -> String {
    Base64URL.encode(Data(#"{"alg":"none"}"#.utf8)) + "."
      + Base64URL.encode(Data(claims.utf8)) + ".sig"
  }

  static let token = jwt(#"{"exp":1800000000,"iat":1799996400}"#)

  @Test("expiry exactly now is expired; one second before is not; one second after is")
  func expiryBoundary() {
    #expect(
      TokenStatus.of(accessToken: Self.token, at: Self.exp, window: 0)
        == .expired(expiresAt: Self.exp))
    #expect(
      TokenStatus.of(accessToken: Self.token, at: Self.exp.addingTimeInterval(1), window: 0)
        == .expired(expiresAt: Self.exp))
    #expect(
      TokenStatus.of(accessToken: Self.token, at: Self.exp.addingTimeInterval(-1), window: 0)
        == .valid(expiresAt: Self.exp))
  }

  @Test("the expiring window's edge: at it expiring soon, one second outside it valid")
  func windowEdge() {
    let window: TimeInterval = 300
    let atEdge = Self.exp.addingTimeInterval(-window)
    #expect(
      TokenStatus.of(accessToken: Self.token, at: atEdge, window: window)
        == .expiringSoon(expiresAt: Self.exp))
    #expect(
      TokenStatus.of(accessToken: Self.token, at: atEdge.addingTimeInterval(-1), window: window)
        == .valid(expiresAt: Self.exp))
    #expect(
      TokenStatus.of(accessToken: Self.token, at: Self.exp.addingTimeInterval(-1), window: window)
        == .expiringSoon(expiresAt: Self.exp))
    #expect(
      TokenStatus.of(accessToken: Self.token, at: Self.exp, window: window)
        == .expired(expiresAt: Self.exp))
  }

  @Test("no token is absent; a token without exp is valid with no known expiry")
  func absentAndOpaque() {
    #expect(TokenStatus.of(accessToken: nil, at: Self.exp, window: 300) == .absent)
    #expect(TokenStatus.of(accessToken: "", at: Self.exp, window: 300) == .absent)
    #expect(
      TokenStatus.of(accessToken: "opaque", at: Self.exp, window: 300) == .valid(expiresAt: nil))
    #expect(TokenStatus.absent.isUsable == false)
    #expect(TokenStatus.expiringSoon(expiresAt: Self.exp).isUsable)
  }

  @Test("the client judges the stored token on the clock it is given, the server's")
  func onTheServerClock() async throws {
    var configuration = Fixtures.configuration()
    configuration.logging.level = .none
    configuration.token.refreshThreshold = 300
    let client = try await LoyaltyClient.start(configuration, modules: [])
    let server = ManualClock(start: Self.exp.addingTimeInterval(-1))
    #expect(try await client.securityDiagnostics(serverClock: server).token == .absent)
    try await client.resolve(.tokenStore).store(
      TokenPair(accessToken: Self.token, refreshToken: "refresh-1"))
    #expect(
      try await client.securityDiagnostics(serverClock: server).token
        == .expiringSoon(expiresAt: Self.exp))
    server.advance(by: 1)
    let report = try await client.securityDiagnostics(serverClock: server)
    #expect(report.token == .expired(expiresAt: Self.exp))
    #expect(report.encryption == .notConfigured)
    #expect(!report.description.contains(Self.token))
    #expect(!report.description.contains("refresh-1"))
    #expect(
      try await client.securityDiagnostics(serverClock: server, expiringWithin: 0).token
        == .expired(expiresAt: Self.exp))
    let earlier = ManualClock(start: Self.exp.addingTimeInterval(-301))
    #expect(
      try await client.securityDiagnostics(serverClock: earlier).token
        == .valid(expiresAt: Self.exp))
    await client.shutdown()
  }
}
