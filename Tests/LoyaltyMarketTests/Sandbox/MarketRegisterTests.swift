import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

@Suite("Market.register")
struct MarketRegisterTests {
  /// A market whose register call is answered with `body`.
  static func market(answering body: String, status: Int = 200) async throws -> (
    LoyaltyClient, SandboxBackend
  ) {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: "market-test-key", bundleID: "com.example.market-tests",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    configuration.turnOnAnalyticsAndRegistration()
    configuration.logging.level = .none
    let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
    var overrides = CapabilityOverrides()
    overrides.override(
      .httpTransport,
      with: CannedTransport(
        sandbox: SandboxTransport(backend), path: "/register", status: status, body: body))
    let client = try await LoyaltyClient.start(
      configuration, modules: [MarketModule(), NetworkModule()], overrides: overrides)
    return (client, backend)
  }

  @Test("creates the user the sandbox then knows, with the names sent")
  func registers() async throws {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    let user = try await market.register(
      email: "Eleni.K@sandbox.test", password: "a-long-password", firstName: "Eleni",
      lastName: "K.")
    let stored = try #require(harness.backend.user(email: "eleni.k@sandbox.test"))
    #expect(user.id == stored.id)
    #expect(user.firstName == "Eleni" && stored.firstName == "Eleni")
    #expect(user.lastName == "K." && stored.lastName == "K.")
    #expect(await !(try harness.client.network.session.isLoggedIn))
    #expect(try await harness.analyticsNames().contains("custom_success_register_loyalty"))
    await harness.client.shutdown()
  }

  @Test(
    "an address that is not one, or an empty password, fails before anything is sent",
    arguments: [
      ("", "long-enough"), ("no-at-sign", "long-enough"), ("two@@sandbox.test", "long-enough"),
      ("@sandbox.test", "long-enough"), ("a@nodot", "long-enough"), ("a@.test", "long-enough"),
      ("a b@sandbox.test", "long-enough"), ("a@sandbox.test", ""),
    ])
  func validatesFirst(email: String, password: String) async throws {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await market.register(email: email, password: password)
    }
    #expect(error.code == .invalidArgument)
    #expect(error.metadata["field"] == (password.isEmpty ? "password" : "email"))
    #expect(harness.backend.counters.requests(to: .register) == 0)
    await harness.client.shutdown()
  }

  @Test("the user's id may come inside context, as the seed's envelope sends it")
  func idInsideContext() async throws {
    let (client, _) = try await Self.market(
      answering: #"{"status": "1", "context": {"result": {"uuid": "u-42", "email": "x@y.test"}}}"#)
    let user = try await client.market.register(email: "x@y.test", password: "long-enough")
    #expect(user.id == "u-42")
    #expect(user.email == "x@y.test")
    await client.shutdown()
  }

  @Test(
    "an answer without the user's id is missingField naming the call and the field",
    arguments: [
      #"{"status": "1"}"#, #"{"status": "1", "result": {"email": "x@y.test"}}"#,
      #"{"status": "1", "result": {"uuid": ""}}"#, #"{"status": 1, "result": []}"#,
    ])
  func missingID(body: String) async throws {
    let (client, _) = try await Self.market(answering: body)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.market.register(email: "x@y.test", password: "long-enough")
    }
    #expect(error.code == .missingField)
    #expect(error.metadata["call"] == "register")
    #expect(error.metadata["field"] == "uuid")
    #expect(error.seedCode == -1_002)
    await client.shutdown()
  }

  @Test("a declined registration is serverStatus with the server's message")
  func declined() async throws {
    let (client, _) = try await Self.market(
      answering: #"{"status": "0", "msg": "This email is already registered."}"#)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.market.register(email: "x@y.test", password: "long-enough")
    }
    #expect(error.code == .serverStatus)
    #expect(error.message.contains("already registered"))
    await client.shutdown()
  }
}
