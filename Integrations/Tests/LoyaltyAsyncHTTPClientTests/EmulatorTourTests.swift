import AsyncHTTPClient
import Foundation
import LoyaltyAsyncHTTPClient
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox
import NIOCore
import NIOFoundationCompat
import Testing

/// The SDK against the emulator on 127.0.0.1, every call sent with the AsyncHTTPClient
/// transport.
@Suite("AsyncHTTPClient transport: the SDK against the emulator", .timeLimit(.minutes(2)))
struct EmulatorTourTests {
  static let password = "ahc-password-1"

  @Test("a tour of real calls: campaigns, coupons, a login, a redemption, points, push")
  func tour() async throws {
    try await EmulatorHarness.with(modules: [MarketModule(), PushModule()]) { harness in
      let market = try harness.client.market
      let session = try harness.network.session
      let backend = harness.backend

      // Anonymous: campaigns, coupon sets, merchants.
      let campaigns = try await market.campaigns(language: "en")
      #expect(campaigns.count == backend.catalog.campaigns.count)
      let sessionUUID = try #require(backend.catalog.campaigns.first?.sessionUUID)
      #expect(try await market.singleCampaign(sessionUUID: sessionUUID).sessionUUID == sessionUUID)
      let sets = try await market.couponSets()
      #expect(!sets.isEmpty)
      #expect(try await !market.merchants().isEmpty)

      // A new user, then a login as a seeded one.
      let email = "ahc-\(UUID().uuidString.prefix(8).lowercased())@sandbox.test"
      let registered = try await market.register(
        email: email, password: Self.password, firstName: "Async", lastName: "Client")
      #expect(backend.user(email: email)?.id == registered.id)
      try await session.loginWithEmail(SandboxFixtures.userEmail(1))
      #expect(await session.isLoggedIn)
      _ = try await session.refresh()

      // Coupons and a redemption that takes the coupon's points.
      let coupons = try await market.coupons()
      #expect(!coupons.isEmpty)
      let user = try #require(backend.user(email: SandboxFixtures.userEmail(1)))
      let coupon = try #require(
        user.coupons.first { coupon in
          coupon.isActive(at: Date())
            && backend.catalog.couponSet(uuid: coupon.couponSetUUID).map {
              !$0.shopAvailability.isEmpty && $0.points <= user.points
            } ?? false
        })
      let set = try #require(backend.catalog.couponSet(uuid: coupon.couponSetUUID))
      #expect(try await market.validateCoupon(coupon.code).isValid)
      let redemption = try await market.redeemCoupon(
        productID: coupon.code, productUUID: set.uuid, merchantID: set.shopAvailability[0])
      #expect(redemption.coupon.isRedeemed == true)
      let after = try #require(backend.user(email: SandboxFixtures.userEmail(1)))
      #expect(after.points == user.points - set.points)

      // Points history, the profile, push registration; then a logout.
      _ = try await market.pointsHistory()
      #expect(try await market.profile().email == SandboxFixtures.userEmail(1))
      try await harness.client.push.updateDeviceToken("ahc-push-token")
      #expect(backend.counters.requests(to: .deviceInfo) >= 1)
      await session.logout()
      #expect(await !session.isLoggedIn)
    }
  }

  @Test("a gzip answer arrives inflated, without its Content-Encoding")
  func gzipAnswer() async throws {
    try await EmulatorHarness.with { harness in
      let transport = AsyncHTTPClientTransport(requestTimeout: 10)
      let appUUID = harness.backend.configuration.appUUID
      let request = HTTPRequest(
        method: .post,
        url: try harness.baseURL.appendingPathComponent("api/mobile/v2/\(appUUID)/context/"),
        headers: ["Accept-Encoding": "gzip", "Content-Type": "application/json"],
        body: Data(#"{"campaigns":{"action":"retrieve","language":"en","filters":{}}}"#.utf8))
      // The emulator does compress: as sent, without the transport, the body is gzip.
      var raw = HTTPClientRequest(url: request.url.absoluteString)
      raw.method = .POST
      raw.headers.add(name: "Accept-Encoding", value: "gzip")
      raw.body = .bytes(ByteBuffer(bytes: request.body ?? Data()))
      let sent = try await AsyncHTTPClientTransport.sharedClient.execute(raw, timeout: .seconds(10))
      #expect(sent.headers.first(name: "Content-Encoding") == "gzip")
      #expect(Gzip.isCompressed(Data(buffer: try await sent.body.collect(upTo: 1 << 20))))

      let plain = try await transport.send(request)
      var identity = request
      identity.headers.replaceOrAdd(name: "Accept-Encoding", value: "identity")
      let expected = try await transport.send(identity)
      #expect(plain.status == expected.status)
      #expect(plain.headers["Content-Encoding"] == nil)
      #expect(!Gzip.isCompressed(plain.body))
      #expect(try JSONValue(parsing: plain.body) == JSONValue(parsing: expected.body))
    }
  }

  @Test("an answer lost after the server acted ends a redemption in outcomeUnknown, once")
  func lostRedemption() async throws {
    try await EmulatorHarness.with(modules: [MarketModule()]) { harness in
      let market = try harness.client.market
      let backend = harness.backend
      try await harness.network.session.loginWithEmail(SandboxFixtures.userEmail(2))
      let user = try #require(backend.user(email: SandboxFixtures.userEmail(2)))
      let coupon = try #require(
        user.coupons.first { coupon in
          coupon.isActive(at: Date())
            && backend.catalog.couponSet(uuid: coupon.couponSetUUID).map {
              !$0.shopAvailability.isEmpty && $0.points <= user.points
            } ?? false
        })
      let set = try #require(backend.catalog.couponSet(uuid: coupon.couponSetUUID))
      let before = backend.counters.requests(to: .redeemCoupon)
      backend.failNext(with: .connectionLostAfterAnswer, on: .endpoint(.redeemCoupon))

      let error = try await #require(throws: LoyaltyError.self) {
        _ = try await market.redeemCoupon(
          productID: coupon.code, productUUID: set.uuid, merchantID: set.shopAvailability[0])
      }
      #expect(error.code == .outcomeUnknown)
      #expect(backend.counters.requests(to: .redeemCoupon) == before + 1)
      let after = try #require(backend.user(email: SandboxFixtures.userEmail(2)))
      #expect(after.points == user.points - set.points)
    }
  }

  @Test("a dropped connection is retried for an idempotent call")
  func droppedConnection() async throws {
    try await EmulatorHarness.with(modules: [MarketModule()]) { harness in
      harness.backend.failNext(with: .dropConnection, on: .endpoint(.campaigns))
      let campaigns = try await harness.client.market.campaigns(language: "en")
      #expect(!campaigns.isEmpty)
      #expect(harness.backend.counters.requests(to: .campaigns) == 2)
    }
  }

  @Test("a stopped emulator's port answers notConnected at once")
  func refusedPort() async throws {
    // The shared client must hold no idle connection to this port once the emulator
    // stops, or the second call may be written to a connection the server just closed and
    // end, rightly, as connectionLost: the harness does not register the device, and the
    // first call asks for its connection to be closed after the answer.
    let harness = try await EmulatorHarness.start { $0.device.registersAtStart = false }
    let target = try harness.baseURL.appendingPathComponent("nothing")
    let transport = AsyncHTTPClientTransport(requestTimeout: 10)
    let first = HTTPRequest(method: .get, url: target, headers: ["Connection": "close"])
    #expect(try await transport.send(first).status == 404)
    await harness.stop()

    let started = ContinuousClock.now
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await transport.send(HTTPRequest(method: .get, url: target))
    }
    #expect(error.code == .notConnected)
    // Well before the 10 s deadline: the shared client does not wait to connect again.
    #expect(ContinuousClock.now - started < .seconds(8))
  }
}
