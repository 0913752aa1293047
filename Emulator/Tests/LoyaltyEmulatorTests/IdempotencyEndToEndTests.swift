import Foundation
import LoyaltyCore
import LoyaltyEmulatorServer
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyURLSession
import Testing

/// Idempotency keys and the `Date` header over real HTTP: signed requests sent with the
/// URLSession transport, without the client's middleware, so each header is the test's.
@Suite("Emulator: idempotency keys and the Date header over HTTP")
struct IdempotencyEndToEndTests {
  static let key = "3d6f9a2c-1b4e-4f8a-9c7d-5e0b2a4c6d8f"

  /// Signed redemptions of user 1's first active coupon, for the emulator at `port`.
  struct Redemption {
    let backend: SandboxBackend
    let url: URL
    let signer: StandardHeadersMiddleware
    let accessToken: String
    let coupon: SandboxCoupon
    let couponSet: SandboxCouponSet

    init(_ harness: EmulatorHarness) throws {
      let backend = harness.backend
      let sandbox = backend.configuration
      let base = try #require(URL(string: "http://\(EmulatorServer.host):\(harness.port)"))
      let configuration = LoyaltyConfiguration(
        appUUID: sandbox.appUUID, merchantID: sandbox.merchantID, apiKey: sandbox.apiKey,
        bundleID: "com.example.emulator-tests", environment: .custom(base))
      let tokens = try #require(backend.issueTokens(email: "user1@sandbox.test"))
      let user = try #require(backend.user(email: "user1@sandbox.test"))
      let coupon = try #require(user.coupons.first { $0.isActive(at: Date()) })
      self.backend = backend
      self.url = base.appendingPathComponent("oauth/\(sandbox.appUUID)/context")
      self.signer = StandardHeadersMiddleware(
        configuration: configuration, signer: PortableRequestSigner(), clock: SystemClock(),
        device: DeviceIdentity(
          deviceID: "e2e-device", platform: "linux", vendor: "linux", osVersion: "6.1.0"))
      self.accessToken = tokens.accessToken
      self.coupon = coupon
      self.couponSet = try #require(backend.catalog.couponSet(uuid: coupon.couponSetUUID))
    }

    /// Sends the redemption with `key`.
    func send(key: String) async throws -> HTTPResponse {
      let body: JSONValue = [
        "coupon": [
          "action": "redeem", "product_uuid": .string(couponSet.uuid),
          "merchant_id": .string(couponSet.shopAvailability[0]),
          "product_id": .string(coupon.code),
        ]
      ]
      let request = HTTPRequest(
        method: .post, url: url,
        headers: [
          "Authorization": "Bearer \(accessToken)", "Content-Type": "application/json",
          IdempotencyKey.headerName: key,
        ],
        body: try body.jsonData())
      return try await URLSessionTransport(requestTimeout: 10).send(signer.signed(request))
    }
  }

  @Test("the same redemption sent twice with one key redeems once")
  func redeemsOnce() async throws {
    let harness = try await EmulatorHarness.start()
    do {
      let redemption = try Redemption(harness)
      let before = try #require(harness.backend.user(email: "user1@sandbox.test"))

      let first = try await redemption.send(key: Self.key)
      let second = try await redemption.send(key: Self.key)
      #expect(first.status == 200)
      #expect(first.headers[SandboxBackend.idempotentReplayedHeader] == nil)
      #expect(second.status == 200)
      #expect(second.headers[SandboxBackend.idempotentReplayedHeader] == "true")
      #expect(second.body == first.body)

      let after = try #require(harness.backend.user(email: "user1@sandbox.test"))
      #expect(after.points == before.points - redemption.couponSet.points)
      #expect(after.pointsHistory.count == before.pointsHistory.count + 1)
      #expect(after.coupons.first { $0.code == redemption.coupon.code }?.status == 0)
      #expect(harness.backend.counters.idempotentReplays == 1)
      #expect(harness.backend.counters.requests(to: .redeemCoupon) == 2)
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  @Test("a connection lost after the answer: the retry with the same key gets the answer")
  func lostAnswerReplayed() async throws {
    let harness = try await EmulatorHarness.start()
    do {
      let redemption = try Redemption(harness)
      let before = try #require(harness.backend.user(email: "user1@sandbox.test"))
      harness.backend.failNext(with: .connectionLostAfterAnswer, on: .endpoint(.redeemCoupon))
      await #expect(throws: LoyaltyError.self) { _ = try await redemption.send(key: Self.key) }
      let redeemed = try #require(harness.backend.user(email: "user1@sandbox.test"))
      #expect(redeemed.points == before.points - redemption.couponSet.points)

      let retry = try await redemption.send(key: Self.key)
      #expect(retry.status == 200)
      #expect(retry.headers[SandboxBackend.idempotentReplayedHeader] == "true")
      #expect(harness.backend.user(email: "user1@sandbox.test") == redeemed)
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  @Test("every answer carries one Date header, the server's time")
  func oneDateHeader() async throws {
    let harness = try await EmulatorHarness.start()
    do {
      let url = try #require(URL(string: "http://\(EmulatorServer.host):\(harness.port)/nothing"))
      let answer = try await URLSessionTransport(requestTimeout: 10).send(
        HTTPRequest(method: .get, url: url))
      #expect(answer.status == 404)
      let values = answer.headers.values(for: "Date")
      #expect(values.count == 1)
      let value = try #require(values.first)
      // Two headers would reach the caller joined by a comma: one date has one "GMT".
      #expect(value.components(separatedBy: "GMT").count == 2)
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
      let date = try #require(formatter.date(from: value))
      #expect(abs(date.timeIntervalSinceNow) < 5)
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }
}
