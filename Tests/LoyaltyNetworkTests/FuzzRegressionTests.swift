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
