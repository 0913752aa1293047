import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// Session and network 15: a request that may have reached the server is safe to send
/// again when it carries an idempotency key; the sandbox acts on the first request with a
/// key and answers later ones with the first answer.
@Suite("Sandbox: idempotency keys")
struct IdempotencyTests {
  static let key = "6f1c2a4e-8b1d-4e7a-9c3f-0a2b4c6d8e10"

  @Test("a redemption sent twice with one key redeems once and answers the same body twice")
  func sameKeyRedeemsOnce() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    let before = try #require(redemption.user)

    let first = try await redemption.send(key: Self.key)
    #expect(first.status == 200)
    #expect(first.json?["context"]?["MAPP_COUPON"]?["coupon"]?["status"] == 0)
    #expect(!first.isReplayed)
    let afterFirst = try #require(redemption.user)
    #expect(afterFirst.points == before.points - redemption.couponSet.points)

    let second = try await redemption.send(key: Self.key)
    #expect(second.status == 200)
    #expect(second.body == first.body)
    #expect(second.isReplayed)
    #expect(redemption.user == afterFirst)
    #expect(afterFirst.pointsHistory.count == before.pointsHistory.count + 1)
    #expect(afterFirst.transactions.count == before.transactions.count + 1)

    let counters = harness.backend.counters
    #expect(counters.idempotentReplays == 1)
    #expect(counters.idempotencyConflicts == 0)
    #expect(counters.requests(to: .redeemCoupon) == 2)
    #expect(counters.statuses[200] == 2)
    #expect(harness.backend.rememberedIdempotencyKeys == 1)
  }

  @Test("the same key with another body is refused with 422 and changes nothing")
  func sameKeyOtherBody() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    _ = try await redemption.send(key: Self.key)
    let afterFirst = try #require(redemption.user)

    let other = try await redemption.send(key: Self.key, merchant: "another-merchant")
    #expect(other.status == 422)
    #expect(other.json?["status"] == "0")
    #expect(other.json?["msg"]?.stringValue?.contains("another body") == true)
    #expect(!other.isReplayed)
    #expect(redemption.user == afterFirst)
    #expect(harness.backend.counters.idempotencyConflicts == 1)
    #expect(harness.backend.counters.idempotentReplays == 0)

    // The first request, sent again, still gets its answer.
    #expect(try await redemption.send(key: Self.key).isReplayed)
  }

  @Test("without a key both requests act: the second finds the coupon already redeemed")
  func noKey() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    let before = try #require(redemption.user)

    let first = try await redemption.send(key: nil)
    #expect(first.json?["status"] == "1")
    let second = try await redemption.send(key: nil)
    #expect(second.status == 200)
    #expect(second.json?["status"] == "0")
    #expect(second.json?["context"]?["msg"] == "The coupon has already been redeemed.")
    #expect(!second.isReplayed)
    #expect(redemption.user?.points == before.points - redemption.couponSet.points)
    #expect(harness.backend.counters.idempotentReplays == 0)
    #expect(harness.backend.rememberedIdempotencyKeys == 0)
  }

  @Test("a GET with a key is answered afresh each time, and nothing is remembered")
  func getIsNotRemembered() async throws {
    let harness = SandboxHarness()
    let uuid = try #require(harness.backend.catalog.campaigns.first?.sessionUUID)
    let request = try harness.signed(
      .get, "/api/session/\(uuid)", headers: [IdempotencyKey.headerName: Self.key])
    for _ in 0..<2 {
      let response = try await SandboxTransport(harness.backend).send(request)
      #expect(response.status == 200)
      #expect(!response.isReplayed)
    }
    #expect(harness.backend.rememberedIdempotencyKeys == 0)
    #expect(harness.backend.counters.idempotentReplays == 0)
  }

  @Test("a key is scoped to its caller: another user with the same key and body acts")
  func scopedToCaller() async throws {
    let harness = SandboxHarness()
    let first = try RedemptionRequests(harness, user: 1)
    let second = try RedemptionRequests(harness, user: 2)
    #expect(try await first.send(key: Self.key).status == 200)
    let other = try await second.send(key: Self.key)
    #expect(other.status == 200)
    #expect(!other.isReplayed)
    #expect(second.user?.coupons.first { $0.code == second.coupon.code }?.status == 0)
    #expect(harness.backend.rememberedIdempotencyKeys == 2)
  }

  @Test("a refused request is not remembered: the same key then acts")
  func refusalsAreNotRemembered() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    var unsigned = try redemption.request(key: Self.key)
    unsigned.headers.replaceOrAdd(name: "loyalty-signature", value: "0000")
    #expect(try await SandboxTransport(harness.backend).send(unsigned).status == 401)
    var unauthenticated = try redemption.request(key: Self.key)
    unauthenticated.headers.replaceOrAdd(name: "Authorization", value: "Bearer forged")
    #expect(try await SandboxTransport(harness.backend).send(unauthenticated).status == 401)
    #expect(harness.backend.rememberedIdempotencyKeys == 0)

    let response = try await redemption.send(key: Self.key)
    #expect(response.json?["status"] == "1")
    #expect(!response.isReplayed)
  }

  @Test("an injected failure is not remembered: the retry with the same key acts")
  func faultsAreNotRemembered() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    let before = try #require(redemption.user)
    harness.backend.failNext(with: .status(503), on: .endpoint(.redeemCoupon))
    #expect(try await redemption.send(key: Self.key).status == 503)
    #expect(redemption.user == before)

    let retry = try await redemption.send(key: Self.key)
    #expect(retry.json?["status"] == "1")
    #expect(!retry.isReplayed)
    #expect(redemption.user?.points == before.points - redemption.couponSet.points)
  }

  @Test("a malformed key is refused with 400 and changes nothing")
  func malformedKey() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    let before = try #require(redemption.user)
    for key in [String(repeating: "k", count: 256), "a,b", "\"quoted\""] {
      let response = try await redemption.send(key: key)
      #expect(response.status == 400)
      #expect(response.json?["field"] == .string(IdempotencyKey.headerName))
    }
    #expect(redemption.user == before)
    // 255 characters is still a key.
    let longest = try await redemption.send(key: String(repeating: "k", count: 255))
    #expect(longest.json?["status"] == "1")
  }
}
