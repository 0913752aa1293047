import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// Many clients in one process share one in-process sandbox, as the scale benchmark
/// runs 100,000 of them (`Benchmarks/ScaleBenchmarks`): each starts, logs in and loads
/// its campaigns without a failure, and each sees its own session.
@Suite("Many clients on one sandbox")
struct ManyClientsTests {
  static let clientCount = 300
  static let userCount = 50

  static func start(_ backend: SandboxBackend, _ configuration: LoyaltyConfiguration)
    async throws -> LoyaltyClient
  {
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    return try await LoyaltyClient.start(
      configuration,
      modules: [
        NetworkModule(), EventsModule(analytics: AnalyticsConfiguration(flushInterval: 0)),
        MarketModule(),
      ], overrides: overrides)
  }

  @Test("300 clients start, log in and load their campaigns, all of them")
  func manyClients() async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: "many-clients-key", bundleID: "com.example.many-clients",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    configuration.turnOnAnalyticsAndRegistration()
    configuration.logging.level = .none
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(matching: configuration),
      fixtures: SandboxFixtures(seed: 19, users: Self.userCount))
    var clients: [LoyaltyClient] = []
    for _ in 0..<Self.clientCount {
      clients.append(try await Self.start(backend, configuration))
    }

    let results = await withTaskGroup(of: (Int, Result<Int, any Error>).self) { group in
      for (index, client) in clients.enumerated() {
        group.addTask {
          do {
            try await client.network.session.loginWithEmail(
              SandboxFixtures.userEmail(index % Self.userCount + 1))
            return (index, .success(try await client.market.campaigns().count))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var results: [Int: Result<Int, any Error>] = [:]
      for await (index, result) in group { results[index] = result }
      return results
    }

    #expect(results.count == Self.clientCount)
    for (index, result) in results.sorted(by: { $0.key < $1.key }) {
      switch result {
      case .success(let count): #expect(count > 0, "client \(index) loaded no campaign")
      case .failure(let error): Issue.record("client \(index) failed: \(error)")
      }
    }
    // Each client holds its own session: logging one out leaves the others logged in.
    try await clients[0].network.session.logout()
    #expect(try await clients[0].network.session.isLoggedIn == false)
    #expect(try await clients[1].network.session.isLoggedIn)
    for client in clients { await client.shutdown() }
  }
}
