import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// The two ways a connection fails: before the request reaches the server (nothing
/// happened) and after the server answered (it acted, and the answer was lost).
@Suite("Sandbox: connections lost before and after the server acts")
struct ConnectionLossTests {
  static let key = "0c9e8d7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f"

  @Test("a connection lost after the answer: redeemed, and the caller gets connectionLost")
  func lostAfterAnswer() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    let before = try #require(redemption.user)
    harness.backend.failNext(with: .connectionLostAfterAnswer, on: .endpoint(.redeemCoupon))

    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await redemption.send(key: Self.key)
    }
    #expect(error.code == .connectionLost)
    #expect(error.metadata["endpoint"] == SandboxEndpoint.redeemCoupon.rawValue)
    let after = try #require(redemption.user)
    #expect(after.points == before.points - redemption.couponSet.points)
    #expect(after.coupons.first { $0.code == redemption.coupon.code }?.status == 0)
    let counters = harness.backend.counters
    #expect(counters.faultsInjected == 1)
    #expect(counters.statuses[200] == 1)

    // Sent again with its key, the call gets the lost answer and redeems nothing more.
    let retry = try await redemption.send(key: Self.key)
    #expect(retry.status == 200)
    #expect(retry.isReplayed)
    #expect(retry.json?["context"]?["MAPP_COUPON"]?["coupon"]?["status"] == 0)
    #expect(redemption.user == after)
  }

  @Test("a connection lost after the answer, without a key: the retry acts again")
  func lostAfterAnswerWithoutKey() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    harness.backend.failNext(with: .connectionLostAfterAnswer)
    await #expect(throws: LoyaltyError.self) { _ = try await redemption.send(key: nil) }
    let retry = try await redemption.send(key: nil)
    #expect(retry.json?["context"]?["msg"] == "The coupon has already been redeemed.")
    #expect(!retry.isReplayed)
  }

  @Test("a dropped connection: the handler does not run, nothing is remembered")
  func droppedBeforeHandling() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    let before = try #require(redemption.user)
    harness.backend.failNext(with: .dropConnection, on: .endpoint(.redeemCoupon))
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await redemption.send(key: Self.key)
    }
    #expect(error.code == .notConnected)
    #expect(redemption.user == before)
    #expect(harness.backend.rememberedIdempotencyKeys == 0)
    #expect(harness.backend.counters.statuses.isEmpty)

    harness.backend.failNext(with: .transportFailure, on: .endpoint(.redeemCoupon))
    await #expect(throws: LoyaltyError.self) { _ = try await redemption.send(key: Self.key) }
    #expect(redemption.user == before)

    let retry = try await redemption.send(key: Self.key)
    #expect(retry.json?["status"] == "1")
    #expect(!retry.isReplayed)
    #expect(redemption.user?.points == before.points - redemption.couponSet.points)
  }
}
