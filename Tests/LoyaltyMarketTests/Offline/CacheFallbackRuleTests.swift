import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyMarket

/// Which failures `networkFirst` answers from the cache: the network's and the server's,
/// never a refusal, a decoding failure, an ended session or a cancellation.
@Suite("Cache fallback rule")
struct CacheFallbackRuleTests {
  static func status(_ code: Int) -> LoyaltyError {
    LoyaltyError(.httpStatus, "HTTP \(code)", metadata: ["status": String(code)])
  }

  @Test("Cache: 5xx falls back, 4xx does not: 499 against 500")
  func cacheStatusBoundary() {
    #expect(!MarketCacheController.fallsBack(after: Self.status(499)))
    #expect(MarketCacheController.fallsBack(after: Self.status(500)))
    #expect(MarketCacheController.fallsBack(after: Self.status(503)))
    #expect(!MarketCacheController.fallsBack(after: Self.status(400)))
    #expect(!MarketCacheController.fallsBack(after: Self.status(404)))
    #expect(!MarketCacheController.fallsBack(after: LoyaltyError(.httpStatus, "no status")))
  }

  @Test("Cache: 408 and 429 fall back as transient statuses; 407, 409, 428, 430 do not")
  func cacheTransientFourHundreds() {
    for status in [408, 429] {
      #expect(MarketCacheController.fallsBack(after: Self.status(status)), "\(status)")
    }
    for status in [407, 409, 428, 430] {
      #expect(!MarketCacheController.fallsBack(after: Self.status(status)), "\(status)")
    }
  }

  @Test("Cache: an answer the network spoiled falls back (empty, cut, too large)")
  func cacheSpoiledAnswers() {
    for code: LoyaltyError.Code in [
      .invalidResponse, .emptyResponse, .responseTooLarge, .decompressionFailed, .outcomeUnknown,
    ] {
      #expect(MarketCacheController.fallsBack(after: LoyaltyError(code, "x")), "\(code)")
    }
  }

  @Test("Cache: no network, a timeout, a reset, 429, an open breaker fall back")
  func cacheNetworkFailures() {
    for code: LoyaltyError.Code in [
      .notConnected, .timedOut, .connectionLost, .transportFailed, .rateLimited, .circuitOpen,
      .refreshFailed,
    ] {
      #expect(MarketCacheController.fallsBack(after: LoyaltyError(code, "x")), "\(code)")
    }
  }

  @Test("Cache: a cancellation, a bad URL, bad data, an ended session do not fall back")
  func cacheNoFallback() {
    for code: LoyaltyError.Code in [
      .cancelled, .invalidURL, .decodingFailed, .missingField, .sessionEnded, .serverStatus,
      .notAuthenticated, .unauthorized, .featureDisabled,
    ] {
      #expect(!MarketCacheController.fallsBack(after: LoyaltyError(code, "x")), "\(code)")
    }
    #expect(!MarketCacheController.fallsBack(after: CancellationError()))
  }
}
