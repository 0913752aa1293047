import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// A transport answering one `GET` with a `Last-Modified` validator and `304` to a
/// matching `If-Modified-Since`, and everything else from the sandbox.
struct LastModifiedTransport: HTTPTransport {
  let sandbox: SandboxTransport
  static let stamp = "Tue, 15 Nov 1994 08:12:31 GMT"

  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var response = try await sandbox.send(request)
    guard request.method == .get, request.url.path.contains("/api/session/") else {
      return response
    }
    response.headers.remove(name: "ETag")
    if request.headers["If-Modified-Since"] == Self.stamp {
      return HTTPResponse(status: 304, headers: ["Last-Modified": Self.stamp])
    }
    response.headers.replaceOrAdd(name: "Last-Modified", value: Self.stamp)
    return response
  }
}

/// Conditional requests: a cached `GET` with a validator is revalidated, a `304` reuses
/// it; the seed's context calls (`POST`) never are.
@Suite("Cache validators: ETag, Last-Modified and 304")
struct CacheValidatorTests {
  @Test("Cache: a 304 to If-None-Match reuses the cached campaign")
  func cacheNotModifiedReusesAnswer() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    let campaign = try #require(try await market.campaigns().first)
    let first = try await market.singleCampaign(
      sessionUUID: campaign.sessionUUID, policy: .networkOnly)
    #expect(first.source == .network)
    let again = try await market.singleCampaign(
      sessionUUID: campaign.sessionUUID, policy: .networkOnly)
    #expect(again.source == .revalidated)
    #expect(again.value == first.value)
    let gets = harness.transport.requests.filter { $0.method == .get }
    #expect(gets.count == 2)
    #expect(gets.first?.headers["If-None-Match"] == nil)
    let tag = try #require(gets.last?.headers["If-None-Match"])
    #expect(tag.hasPrefix("\"campaign-"))
    #expect(harness.backend.counters.requests[.singleCampaign] == 2)
    await harness.client.shutdown()
  }

  @Test("Cache: a 304 refreshes the interval: the next read within it sends nothing")
  func cacheNotModifiedRefreshesInterval() async throws {
    let clock = InstantClock()
    let harness = try await OfflineHarness.start(clock: clock)
    let market = try harness.market
    let campaign = try #require(try await market.campaigns().first)
    _ = try await market.singleCampaign(sessionUUID: campaign.sessionUUID)
    clock.advance(by: 3_600)
    #expect(
      try await market.singleCampaign(
        sessionUUID: campaign.sessionUUID, policy: .networkFirst
      ).source == .revalidated)
    #expect(
      try await market.singleCampaign(
        sessionUUID: campaign.sessionUUID, policy: .networkFirst
      ).source == .cache)
    #expect(harness.transport.requests.filter { $0.method == .get }.count == 2)
    await harness.client.shutdown()
  }

  @Test("Cache: a changed campaign answers 200 with its new tag, not 304")
  func cacheChangedLanguageIsNewAnswer() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    let campaign = try #require(try await market.campaigns().first)
    _ = try await market.singleCampaign(sessionUUID: campaign.sessionUUID, language: "en")
    let greek = try await market.singleCampaign(
      sessionUUID: campaign.sessionUUID, language: "el", policy: .networkOnly)
    #expect(greek.source == .network)
    #expect(harness.transport.requests.last?.headers["If-None-Match"] == nil)
    await harness.client.shutdown()
  }

  @Test("Cache: Last-Modified is revalidated with If-Modified-Since")
  func cacheIfModifiedSince() async throws {
    let harness = try await OfflineHarness.start(transport: {
      LastModifiedTransport(sandbox: SandboxTransport($0))
    })
    let market = try harness.market
    let campaign = try #require(try await market.campaigns().first)
    _ = try await market.singleCampaign(sessionUUID: campaign.sessionUUID)
    let again = try await market.singleCampaign(
      sessionUUID: campaign.sessionUUID, policy: .networkOnly)
    #expect(again.source == .revalidated)
    #expect(again.value.sessionUUID == campaign.sessionUUID)
    let last = try #require(harness.transport.requests.last)
    #expect(last.headers["If-Modified-Since"] == LastModifiedTransport.stamp)
    #expect(last.headers["If-None-Match"] == nil)
    await harness.client.shutdown()
  }

  @Test("Cache: the seed's context calls (POST) are never sent conditionally")
  func cachePostNeverConditional() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    try await harness.login()
    _ = try await market.coupons(policy: .networkOnly)
    _ = try await market.coupons(policy: .networkOnly)
    for request in harness.transport.requests where request.method == .post {
      #expect(request.headers["If-None-Match"] == nil)
      #expect(request.headers["If-Modified-Since"] == nil)
    }
    await harness.client.shutdown()
  }

  @Test("Cache: no cookie or other header of an answer is kept on the device")
  func cacheKeepsOnlyValidators() async throws {
    let harness = try await OfflineHarness.start()
    let market = try harness.market
    let campaign = try #require(try await market.campaigns().first)
    _ = try await market.singleCampaign(sessionUUID: campaign.sessionUUID)
    for answer in try await harness.cached() {
      for field in answer.headers {
        #expect(["ETag", "Last-Modified", "Date", "Content-Type"].contains(field.name))
      }
    }
    let single = try #require(try await harness.cached().first { $0.kind == "single_campaign" })
    #expect(single.entityTag != nil)
    await harness.client.shutdown()
  }
}
