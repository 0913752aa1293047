import Foundation
import LoyaltyCore
import LoyaltyEmulatorServer
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyURLSession
import Testing

@Suite("Emulator: the SDK over real HTTP on 127.0.0.1")
struct EndToEndTests {
  @Test("login, then a refresh once the short-lived token is about to expire")
  func loginAndRefresh() async throws {
    // 2 s more than the send margin: after 2.6 s, less than the margin is left.
    let harness = try await EmulatorHarness.start(tokenLifetime: SessionToken.sendMargin + 2) {
      $0.token.refreshThreshold = 0
    }
    do {
      let network = try harness.network
      try await network.session.loginWithEmail("user1@sandbox.test")
      let profile = try await network.send(Calls.profile())
      #expect(profile["result"]?["email"] == "user1@sandbox.test")
      #expect(harness.backend.counters.refreshCalls == 0)

      try await Task.sleep(for: .milliseconds(2_600))
      let again = try await network.send(Calls.profile())
      #expect(again["result"]?["email"] == "user1@sandbox.test")
      #expect(harness.backend.counters.refreshCalls == 1)

      // Revoked mid-flight: the 401 makes the SDK refresh and send once more.
      harness.backend.revokeAccessTokens()
      _ = try await network.send(Calls.profile())
      #expect(harness.backend.counters.refreshCalls == 2)
      #expect(harness.backend.counters.unauthorized == 1)
      #expect(harness.backend.counters.reusedRefreshTokens == 0)
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  @Test("campaigns and a redemption that changes the coupon and the points")
  func campaignsAndRedemption() async throws {
    let harness = try await EmulatorHarness.start()
    do {
      let network = try harness.network
      let campaigns = try await network.send(Calls.campaigns())
      #expect(campaigns["MAPP_CAMPAIGNING"]?["campaigns"]?.arrayValue?.count == 24)

      try await network.session.loginWithEmail("user2@sandbox.test")
      let user = try #require(harness.backend.user(email: "user2@sandbox.test"))
      let coupon = try #require(user.coupons.first { $0.isActive(at: Date()) })
      let set = try #require(harness.backend.catalog.couponSet(uuid: coupon.couponSetUUID))
      let redeemed = try await network.send(
        Calls.redeem(couponSet: set.uuid, merchant: set.shopAvailability[0], code: coupon.code))
      #expect(redeemed["MAPP_COUPON"]?["coupon"]?["status"] == 0)

      let after = try #require(harness.backend.user(email: "user2@sandbox.test"))
      #expect(after.coupons.first { $0.code == coupon.code }?.status == 0)
      #expect(after.points == user.points - set.points)
      let listed = try await network.send(Calls.coupons())
      let status = listed["MAPP_COUPON"]?["coupons"]?.arrayValue?
        .first { $0["coupon"] == .string(coupon.code) }?["status"]
      #expect(status == 0)
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  @Test("an analytics batch uploaded gzip-compressed, de-duplicated when sent again")
  func analyticsUpload() async throws {
    let harness = try await EmulatorHarness.start()
    do {
      let network = try harness.network
      let first = try await network.send(Calls.analytics(["e2e-1", "e2e-2", "e2e-3"]))
      #expect(first["accepted"] == 3)
      let second = try await network.send(Calls.analytics(["e2e-3", "e2e-4"]))
      #expect(second["accepted"] == 1)
      #expect(second["duplicates"] == 1)
      #expect(harness.backend.analyticsEvents.count == 4)
      #expect(harness.backend.counters.analyticsDuplicates == 1)
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  @Test("the flaky profile is survived: 429s with Retry-After are retried")
  func flakyProfile() async throws {
    let harness = try await EmulatorHarness.start(profile: .flaky(seed: 3))
    do {
      let network = try harness.network
      try await network.session.loginWithEmail("user1@sandbox.test")
      for _ in 0..<3 {
        _ = try await network.send(Calls.campaigns())
        _ = try await network.send(Calls.coupons())
      }
      let counters = harness.backend.counters
      #expect(counters.statuses[429, default: 0] >= 2)
      #expect(counters.faultsInjected == counters.statuses[429, default: 0])
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  @Test("a dropped connection reaches the SDK as a transport error and is retried")
  func droppedConnection() async throws {
    let harness = try await EmulatorHarness.start()
    do {
      let network = try harness.network
      harness.backend.failNext(with: .dropConnection, on: .endpoint(.campaigns))
      _ = try await network.send(Calls.campaigns())
      #expect(harness.backend.counters.requests(to: .campaigns) == 2)
      #expect(harness.log.all.contains { $0.contains("campaigns dropped") })
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  @Test("the request log names each call without secrets")
  func requestLog() async throws {
    let harness = try await EmulatorHarness.start()
    do {
      let network = try harness.network
      try await network.session.loginWithEmail("user1@sandbox.test")
      _ = try await network.send(Calls.profile())
      let lines = harness.log.all
      #expect(lines.contains { $0.hasPrefix("POST /partners/dei/login emailLogin 200") })
      #expect(lines.contains { $0.hasPrefix("POST /oauth/") && $0.contains(" profile 200 ") })
      let token = try #require(try await network.session.currentToken())
      _ = token
      #expect(!lines.contains { $0.contains("Bearer") || $0.contains("e2e-api-key") })
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  @Test("the server binds loopback only, and stops listening when stopped")
  func lifecycle() async throws {
    let server = EmulatorServer(backend: SandboxBackend())
    let port = try await server.start(port: 0)
    #expect(EmulatorServer.host == "127.0.0.1")
    let transport = URLSessionTransport(requestTimeout: 5)
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/nothing"))
    let answer = try await transport.send(HTTPRequest(method: .get, url: url))
    #expect(answer.status == 404)
    await server.stop()
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await URLSessionTransport(requestTimeout: 5).send(HTTPRequest(method: .get, url: url))
    }
    #expect(error.code == .notConnected)
  }
}
