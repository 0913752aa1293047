import LoyaltyCore
import Testing

/// The one rule of "not now" against "no" (`LoyaltyError.isTransient`), that retries, the
/// refresh and the market's cache fallback share.
@Suite("Transient failures")
struct TransienceTests {
  static func status(_ status: Int, _ code: LoyaltyError.Code = .httpStatus) -> LoyaltyError {
    LoyaltyError(code, "HTTP \(status)", metadata: ["status": String(status)])
  }

  @Test("408, 429 and 5xx are transient; their neighbours are not")
  func statuses() {
    let transient = [408, 429, 500, 503, 599]
    let answers = [200, 304, 400, 401, 404, 407, 409, 428, 430, 499, 600]
    for status in transient {
      #expect(LoyaltyError.isTransient(status: status), "\(status)")
      #expect(Self.status(status).isTransient, "\(status)")
    }
    for status in answers {
      #expect(!LoyaltyError.isTransient(status: status), "\(status)")
      #expect(!Self.status(status).isTransient, "\(status)")
    }
  }

  @Test("an error status without a readable status is not transient")
  func unreadableStatus() {
    #expect(!LoyaltyError(.httpStatus, "no status").isTransient)
    #expect(!LoyaltyError(.httpStatus, "x", metadata: ["status": "5xx"]).isTransient)
    #expect(LoyaltyError(.httpStatus, "no status").httpStatus == nil)
    #expect(Self.status(503).httpStatus == 503)
  }

  @Test("the network's failures, a rate limit, a refresh failed for now, an open breaker")
  func transientCodes() {
    for code: LoyaltyError.Code in [
      .notConnected, .timedOut, .connectionLost, .transportFailed, .rateLimited,
      .refreshFailed, .circuitOpen,
    ] {
      #expect(LoyaltyError(code, "x").isTransient, "\(code)")
    }
  }

  @Test("a refusal, bad data, an ended session, a bad URL, a cancellation: not transient")
  func answers() {
    for code: LoyaltyError.Code in [
      .invalidURL, .cancelled, .invalidResponse, .emptyResponse, .responseTooLarge,
      .outcomeUnknown, .serverStatus, .payloadTooLarge, .decodingFailed, .missingField,
      .sessionEnded, .refreshRejected, .notAuthenticated, .unauthorized, .contextChanged,
    ] {
      #expect(!LoyaltyError(code, "x").isTransient, "\(code)")
    }
    // A rate limit's code is transient whatever its status says.
    #expect(Self.status(400, .rateLimited).isTransient)
  }
}
