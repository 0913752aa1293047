import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

/// Inputs the fuzzer (Tests/LoyaltyFuzz, Docs/Fuzzing.md) found crashing, each fed to the
/// API that crashed, so the fix stays fixed without the fuzzer.
@Suite("Fuzz regressions: network")
struct NetworkFuzzRegressionTests {
  @Test("a server message that is a huge number is read, not a trap")
  func hugeNumericMessage() throws {
    let body = #"{"status":"0","msg":123456789012345678901234567890}"#
    let envelope = try ResponseEnvelope(httpStatus: 200, body: Data(body.utf8))
    #expect(envelope.message == "1.2345678901234568e+29")
  }

  @Test("a token answer whose access token is a huge number is read, not a trap")
  func hugeNumericToken() throws {
    let body = #"{"access_token":1e300,"refresh_token":-1e19}"#
    let response = HTTPResponse(status: 200, body: Data(body.utf8))
    let pair = try NetworkClient.decode(
      response, for: AuthEndpoints.refresh(TokenPair(accessToken: "a", refreshToken: "r")))
    #expect(pair.accessToken == "1e+300")
    #expect(pair.refreshToken == "-1e+19")
  }
}

@Suite("Fuzz regressions: request building")
struct RequestFuzzRegressionTests {
  private static let configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.tests")

  @Test(
    "a path template with a character a URL path cannot hold is a typed error, not a trap",
    arguments: [
      "/\u{FFFD}\u{FFFD}", "/api/session two", "/a?b", "/a#b", "/50%", "/%4", "/%zz", "/a\nb",
    ])
  func invalidTemplate(_ path: String) throws {
    let endpoint = Endpoint<ResponseEnvelope>(name: "fuzz", method: .get, path: path)
    let error = try #require(throws: LoyaltyError.self) {
      _ = try NetworkClient.request(for: endpoint, configuration: Self.configuration)
    }
    #expect(error.code == .invalidURL)
  }

  @Test("a template with every character a path may hold still builds")
  func validTemplate() throws {
    let endpoint = Endpoint<ResponseEnvelope>(
      name: "fuzz", method: .get, path: "/a-b._~/!$&'()*+,;=:@/%20%2F/{id}",
      parameters: ["id": "x y"])
    let request = try NetworkClient.request(for: endpoint, configuration: Self.configuration)
    #expect(request.url.path(percentEncoded: true) == "/a-b._~/!$&'()*+,;=:@/%20%2F/x%20y")
  }
}
