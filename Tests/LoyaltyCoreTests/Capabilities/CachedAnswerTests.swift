import Foundation
import LoyaltyCore
import Testing

@Suite("CachedAnswer")
struct CachedAnswerTests {
  @Test("headers kept by encodedHeaders read back the same, in order, repeated names kept")
  func encodedHeadersRoundTrip() {
    let headers = HTTPHeaders([
      (name: "Content-Type", value: "application/json"),
      (name: "ETag", value: "\"v1\""),
      (name: "Set-Cookie", value: "a=1"),
      (name: "Set-Cookie", value: "b=2"),
      (name: "Last-Modified", value: "Tue, 01 Dec 2026 10:00:00 GMT"),
      (name: "X-Empty", value: ""),
    ])
    let answer = CachedAnswer(
      key: "coupons", owner: MarketCacheOwner.anonymous, kind: "coupons", headers: headers,
      body: Data(), answeredAt: Date(timeIntervalSinceReferenceDate: 0),
      storedAt: Date(timeIntervalSinceReferenceDate: 0))
    #expect(CachedAnswer.decodeHeaders(answer.encodedHeaders) == headers)
  }

  @Test("only the one space the encoding writes after the colon is dropped")
  func decodeHeadersDropsOneSpace() {
    let decoded = CachedAnswer.decodeHeaders(
      Data("A: one\nB:two\nC:  three\nD: four: five\nE:\n".utf8))
    #expect(Array(decoded.map(\.value)) == ["one", "two", " three", "four: five", ""])
    #expect(Array(decoded.map(\.name)) == ["A", "B", "C", "D", "E"])
  }

  @Test("every partition but the anonymous one is a signed-in user's")
  func signedInPartitions() {
    #expect(!MarketCacheOwner.isSignedIn(MarketCacheOwner.anonymous))
    #expect(MarketCacheOwner.isSignedIn(MarketCacheOwner.session))
    #expect(MarketCacheOwner.isSignedIn(MarketCacheOwner.user("a")))
    #expect(MarketCacheOwner.isSignedIn(MarketCacheOwner.user("")))
  }

  @Test("a line without a colon is skipped, the lines around it kept")
  func decodeHeadersSkipsLinesWithoutColon() {
    let decoded = CachedAnswer.decodeHeaders(Data("A: 1\nno colon here\n\nB: 2".utf8))
    #expect(decoded == HTTPHeaders([(name: "A", value: "1"), (name: "B", value: "2")]))
  }
}
