import LoyaltyCore
import Testing

@testable import LoyaltyDoctorKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct BaseURLCheckTests {
  /// `URL(string:)` cannot fail on this constant; the fallback keeps force unwraps out.
  private let baseURL = URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/")
  /// 1994-11-06 08:49:37 UTC, the clock every test runs at.
  private static let now = Date(timeIntervalSince1970: 784_111_777)

  private func run(_ handler: @escaping InMemoryHTTPTransport.Handler) async -> [DoctorCheck] {
    await BaseURLCheck.run(
      baseURL: baseURL, transport: InMemoryHTTPTransport(handler: handler), timeout: 3,
      now: { Self.now })
  }

  @Test func anyHTTPAnswerCountsAndTheClockIsCompared() async {
    let checks = await run { _ in
      HTTPResponse(status: 404, headers: ["Date": "Sun, 06 Nov 1994 08:49:40 GMT"])
    }
    #expect(checks.map(\.area) == ["base URL", "clock"])
    #expect(checks.map(\.status) == [.ok, .ok])
    #expect(checks[0].message.contains("HTTP 404"))
    #expect(checks[1].message.contains("3 s behind"))
  }

  @Test func aServerFarAheadIsAClockError() async {
    let checks = await run { _ in
      HTTPResponse(status: 200, headers: ["Date": "Sun, 06 Nov 1994 09:49:37 GMT"])
    }
    #expect(checks.map(\.status) == [.ok, .error])
  }

  @Test func aTransportErrorIsABaseURLError() async {
    let checks = await run { _ in
      throw LoyaltyError(.notConnected, "Could not connect to the server.")
    }
    #expect(checks.map(\.status) == [.error])
    #expect(checks[0].area == "base URL")
    #expect(checks[0].message.contains("did not answer (waiting up to 3 s)"))
    #expect(checks[0].message.contains("LOY-3004"))
  }

  @Test func noDateHeaderIsAWarning() async {
    let checks = await run { _ in HTTPResponse(status: 200) }
    #expect(checks.map(\.status) == [.ok, .warning])
  }

  @Test func theRequestIsAGetOfTheBaseURLWithTheTimeout() async {
    let transport = InMemoryHTTPTransport { _ in HTTPResponse(status: 200) }
    _ = await BaseURLCheck.run(
      baseURL: baseURL, transport: transport, timeout: 3, now: { Self.now })
    #expect(transport.requests.map(\.url) == [baseURL])
    #expect(transport.requests.first?.method == .get)
    #expect(transport.requests.first?.timeout == 3)
  }
}
