import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySandbox
import Testing

@Suite("Emulator: every documented endpoint over HTTP")
struct EndpointCoverageTests {
  @Test("Docs/API.md is read: routes, context calls and user actions")
  func documentIsRead() throws {
    let documented = try DocumentedEndpoints.load()
    #expect(
      documented.routes.contains(.init(method: "GET", template: "/api/session/{sessionUuid}")))
    #expect(documented.routes.contains(.init(method: "POST", template: "/oauth/{appUUID}/logout")))
    #expect(documented.contextCalls.contains(.init(wrapper: "coupon", action: "redeem")))
    #expect(documented.userActions.isSuperset(of: ["register", "request_otp"]))
  }

  @Test("the parser reads each of its three forms, and nothing else")
  func parserForms() {
    let page = """
      # Page
      | call | `POST /partners/dei/login` **(chosen)** |
      `GET /api/session/{sessionUuid}?language=el`, and POST /api/async/info/{appUUID}/.
      a GET on a context path
      {"shops": {"action": "retrieve_categories", "language"}}
      ## Users
      `POST /user/{appUUID}/{action}`, standard auth:
      | action | body |
      |---|---|
      | `register` | `{"email"}` |
      ## Other
      | action | body |
      | `not_a_user_action` | |
      """
    let documented = DocumentedEndpoints(page: page)
    #expect(
      documented.routes.map(\.description).sorted() == [
        "GET /api/session/{sessionUuid}", "POST /api/async/info/{appUUID}/",
        "POST /partners/dei/login", "POST /user/{appUUID}/{action}",
      ])
    #expect(documented.contextCalls.map(\.description) == ["shops.retrieve_categories"])
    #expect(documented.userActions == ["register"])
    let route = DocumentedEndpoints.Route(method: "POST", template: "/user/{appUUID}/{action}")
    #expect(route.matches(method: "POST", path: "/user/abc/register"))
    #expect(!route.matches(method: "GET", path: "/user/abc/register"))
    #expect(!route.matches(method: "POST", path: "/user/abc/register/x"))
  }

  @Test("every endpoint of Docs/API.md, and every call the sandbox serves, answers 2xx")
  func everyEndpoint() async throws {
    let harness = try await EmulatorHarness.start(modules: [MarketModule(), PushModule()])
    do {
      try await EndpointTour.run(harness)
      let answered = harness.log.entries.filter { ($0.status ?? 0) / 100 == 2 }
      let documented = try DocumentedEndpoints.load()

      for route in documented.routes {
        #expect(
          answered.contains { route.matches(method: $0.method, path: $0.path) },
          "\(route) is documented but no request to it was answered 2xx over HTTP")
      }
      var expected = Set<SandboxEndpoint>()
      for call in documented.contextCalls {
        let endpoint = try contextEndpoint(call, harness)
        #expect(endpoint != .unrouted, "\(call) is documented but the emulator does not serve it")
        expected.insert(endpoint)
      }
      for action in documented.userActions {
        let endpoint = harness.backend.endpoint(
          for: try request("/user/\(appUUID)/\(action)", body: "{}", port: harness.port))
        #expect(endpoint != .unrouted, "user action \(action) is not served")
        expected.insert(endpoint)
      }
      expected.formUnion(SandboxEndpoint.allCases.filter { $0 != .unrouted })
      let hit = Set(answered.map(\.endpoint))
      for endpoint in expected.sorted(by: { $0.rawValue < $1.rawValue }) {
        #expect(hit.contains(endpoint), "\(endpoint) was never answered 2xx over HTTP")
      }
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  @Test("logout ends the session, and the server revokes its tokens")
  func logoutRevokes() async throws {
    let harness = try await EmulatorHarness.start(modules: [MarketModule()])
    do {
      let market = try harness.client.market
      let session = try harness.network.session
      let tokens = try #require(harness.backend.issueTokens(email: SandboxFixtures.userEmail(2)))
      try await session.login(with: tokens)
      #expect(try await market.profile().email == SandboxFixtures.userEmail(2))

      await session.logout()
      #expect(await !session.isLoggedIn)
      #expect(harness.backend.counters.requests(to: .logout) == 1)
      #expect(
        harness.log.entries.contains { $0.endpoint == .logout && $0.status == 200 })

      // The same tokens again: the access token is refused and so is the refresh token.
      try await session.login(with: tokens)
      let unauthorized = harness.backend.counters.unauthorized
      let error = try await #require(throws: LoyaltyError.self) {
        _ = try await market.profile()
      }
      #expect(error.seedCode == 401, "\(error)")
      #expect(harness.backend.counters.unauthorized > unauthorized)
      #expect(harness.backend.counters.rejectedRefreshes >= 1)
      #expect(await !session.isLoggedIn)
    } catch {
      await harness.stop()
      throw error
    }
    await harness.stop()
  }

  let appUUID = "0123456789abcdef0123456789abcdef"

  /// The sandbox endpoint a documented context call is, in whichever context serves it.
  private func contextEndpoint(_ call: DocumentedEndpoints.ContextCall, _ harness: EmulatorHarness)
    throws -> SandboxEndpoint
  {
    let body = #"{"\#(call.wrapper)": {"action": "\#(call.action)"}}"#
    for path in ["/api/mobile/v2/\(appUUID)/context/", "/oauth/\(appUUID)/context"] {
      let endpoint = harness.backend.endpoint(
        for: try request(path, body: body, port: harness.port))
      if endpoint != .unrouted { return endpoint }
    }
    return .unrouted
  }

  private func request(_ path: String, body: String, port: Int) throws -> HTTPRequest {
    let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
    return HTTPRequest(
      method: .post, url: url, headers: ["Content-Type": "application/json"],
      body: Data(body.utf8))
  }
}
