import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyNetwork

/// What the transport layer concludes about the server from a call: a call that could not
/// reach it (not connected, timed out) makes it unreachable; any answer makes it
/// reachable; another failure says nothing.
@Suite("ObservedTransport: reachability")
struct ReachabilityTests {
  static let request = HTTPRequest(
    method: .get, url: URL(string: "https://loyalty.test/ping") ?? URL(fileURLWithPath: "/"))

  @Test(
    "a failure marks the server unreachable only when it could not reach it",
    arguments: [
      (LoyaltyError.Code.notConnected, NetworkStatus.unreachable),
      (.timedOut, .unreachable),
      (.transportFailed, .unknown),
      (.connectionLost, .unknown),
    ])
  func failures(code: LoyaltyError.Code, status: NetworkStatus) async {
    let transport = ObservedTransport(
      InMemoryHTTPTransport { _ in throw LoyaltyError(code, "failed on purpose") })
    await #expect(throws: LoyaltyError.self) { try await transport.send(Self.request) }
    #expect(transport.status == status)
  }

  @Test("an answer, even an error status, marks the server reachable")
  func answers() async throws {
    let transport = ObservedTransport(InMemoryHTTPTransport { _ in HTTPResponse(status: 503) })
    _ = try await transport.send(Self.request)
    #expect(transport.status == .reachable)
  }
}
