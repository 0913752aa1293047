import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// A market made without a privacy center keeps its cache: nothing can turn it off.
@Suite("A market without a privacy center")
struct MarketWithoutPrivacyTests {
  @Test("a market without a privacy center answers from its cache")
  func cacheAllowed() async throws {
    let clock = SystemClock()
    let configuration = OfflineHarness.configuration()
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(matching: configuration, clock: clock),
      fixtures: SandboxFixtures(seed: 11, campaigns: 4, couponSets: 4, merchants: 4, users: 1))
    let network = NetworkClient(
      configuration: configuration, transport: SandboxTransport(backend),
      tokenStore: InMemoryTokenStore(), signer: PortableRequestSigner(), clock: clock,
      device: DeviceIdentity(
        deviceID: "device-1", platform: "linux", vendor: "linux", osVersion: "6.1.0"),
      events: nil, logger: .disabled)
    try await network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    let market = Market(network: network, privacy: nil)
    let fetched = try await market.coupons(policy: .networkOnly)
    let cached = try await market.coupons(policy: .cacheOnly)
    #expect(fetched.source == .network)
    #expect(cached.source == .cache)
    #expect(cached.value.map(\.code) == fetched.value.map(\.code))
  }
}
