import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("TransportFailure")
struct TransportFailureTests {
  @Test(
    "each kind becomes its code, and only notConnected says nothing was sent",
    arguments: [
      (TransportFailure.notConnected, LoyaltyError.Code.notConnected, false),
      (.connectionLost, .connectionLost, true), (.timedOut, .timedOut, true),
      (.cancelled, .cancelled, false), (.redirectLoop, .invalidResponse, false),
      (.other, .transportFailed, true),
    ])
  func codes(failure: TransportFailure, code: LoyaltyError.Code, mayHaveReached: Bool) {
    let error = failure.error(host: "loyalty.test")
    #expect(error.code == code)
    #expect(error.metadata["host"] == "loyalty.test")
    #expect(error.mayHaveReachedServer == mayHaveReached, "\(failure)")
  }

  @Test("a timeout names the deadline that passed, to a tenth of a second")
  func timeoutMessage() {
    #expect(TransportFailure.timedOut.error(host: nil).message == "The request timed out.")
    #expect(
      TransportFailure.timedOut.error(host: nil, timeout: 2.96).message
        == "The request timed out after 3.0 s.")
  }
}
