import LoyaltyAsyncHTTPClient
import LoyaltyConformance
import Testing

/// The HTTPTransport contract over a real socket on 127.0.0.1.
@Suite("AsyncHTTPClient transport: the HTTPTransport contract", .timeLimit(.minutes(2)))
struct ConformanceTests {
  @Test("AsyncHTTPClientTransport passes the HTTPTransport conformance checks")
  func conforms() async throws {
    try await HTTPTransportConformance.check(slack: .seconds(5)) { configuration in
      AsyncHTTPClientTransport(configuration: configuration)
    }
  }
}
