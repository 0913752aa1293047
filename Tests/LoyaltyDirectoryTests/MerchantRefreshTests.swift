import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyDirectory

@Suite("Directory live merchant refresh")
struct MerchantRefreshTests {
  static let stored = DirectoryMerchant(
    id: 7, name: "GameStop", category: "Games", denominationsType: "min-max", enabled: true,
    paymentTypes: [.giftCard], logoLocation: "https://cdn.example/old.png",
    website: "https://gamestop.example", ctxMerchantId: "ctx-7",
    denominations: .flexible(min: 5, max: 500))

  private func install() async throws -> (DirectoryCenter, TemporaryFolder) {
    let folder = try TemporaryFolder()
    let source = TestSnapshotSource()
    try source.publish([Self.stored], version: 1)
    let center = try DirectoryCenter(source: source, folder: folder.url)
    try await center.sync()
    return (center, folder)
  }

  @Test("the provider answers every field; no mismatch when it agrees")
  func providerAnswersAll() async throws {
    let (center, folder) = try await install()
    defer { folder.cleanup() }
    let provider = InMemoryMerchantInfoProvider([
      7: MerchantInfo(
        name: "GameStop", enabled: true, denominationsType: "min-max",
        denominations: .flexible(min: 5, max: 500), logoLocation: "https://cdn.example/old.png",
        website: "https://gamestop.example", ctxMerchantId: "ctx-7")
    ])
    let refresh = try await center.refreshMerchant(id: 7, using: provider)
    #expect(refresh.answeredBy == [.provider])
    #expect(refresh.sources.count == MerchantRefresh.Field.allCases.count)
    #expect(refresh.mismatches.isEmpty)
    #expect(refresh.providerError == nil)
    #expect(refresh.providerAnswered)
    #expect(refresh.merchant.denominations == .flexible(min: 5, max: 500))
    #expect(refresh.shouldShowFlexibleAmounts)
    #expect(provider.requests == [7])
  }

  @Test("the provider fails: the snapshot answers every field, the error is reported")
  func providerFails() async throws {
    let (center, folder) = try await install()
    defer { folder.cleanup() }
    let provider = InMemoryMerchantInfoProvider()
    provider.fail(with: LoyaltyError(.transportFailed, "CTX is down."))
    let refresh = try await center.refreshMerchant(id: 7, using: provider)
    #expect(refresh.answeredBy == [.snapshot])
    #expect(refresh.providerError?.code == .transportFailed)
    #expect(!refresh.providerAnswered)
    #expect(refresh.merchant == Self.stored)
    #expect(refresh.mismatches.isEmpty)
    #expect(refresh.shouldShowFlexibleAmounts)
  }

  @Test("a merchant in neither the provider nor the snapshot gets the defaults")
  func defaults() async throws {
    let (center, folder) = try await install()
    defer { folder.cleanup() }
    let refresh = try await center.refreshMerchant(
      id: 99, using: InMemoryMerchantInfoProvider())
    #expect(refresh.answeredBy == [.default])
    #expect(!refresh.inSnapshot)
    #expect(refresh.merchant.enabled, "enabled defaults to true")
    #expect(refresh.merchant.denominations == .fixed([]), "denominations default to fixed")
    #expect(refresh.merchant.logoLocation == nil)
    #expect(!refresh.shouldShowFlexibleAmounts)
  }

  @Test("before any sync, a failing provider leaves the defaults, not an error")
  func notSynced() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanup() }
    let center = try DirectoryCenter(source: TestSnapshotSource(), folder: folder.url)
    let provider = InMemoryMerchantInfoProvider()
    provider.fail(with: LoyaltyError(.timedOut, "slow"))
    let refresh = try await center.refreshMerchant(id: 7, using: provider)
    #expect(refresh.answeredBy == [.default])
    #expect(refresh.providerError?.code == .timedOut)
  }

  @Test("a disagreement between provider and snapshot is reported; the provider wins")
  func mismatch() async throws {
    let (center, folder) = try await install()
    defer { folder.cleanup() }
    let provider = InMemoryMerchantInfoProvider([
      7: MerchantInfo(enabled: false, denominationsType: "fixed")
    ])
    let refresh = try await center.refreshMerchant(id: 7, using: provider)
    #expect(Set(refresh.mismatches.map(\.field)) == [.enabled, .denominations])
    let enabled = try #require(refresh.mismatches.first { $0.field == .enabled })
    #expect(enabled.provider == "false")
    #expect(enabled.snapshot == "true")
    #expect(refresh.merchant.enabled == false)
    #expect(refresh.merchant.denominations == .fixed([]))
    #expect(refresh.merchant.denominationsType == "fixed")
    #expect(!refresh.shouldShowFlexibleAmounts)
  }

  @Test("a partial answer: the fields the provider gave, the rest from the snapshot")
  func partial() async throws {
    let (center, folder) = try await install()
    defer { folder.cleanup() }
    let provider = InMemoryMerchantInfoProvider([
      7: MerchantInfo(logoLocation: "https://cdn.example/new.png")
    ])
    let refresh = try await center.refreshMerchant(id: 7, using: provider)
    #expect(refresh.sources[.logoLocation] == .provider)
    #expect(refresh.sources[.enabled] == .snapshot)
    #expect(refresh.sources[.website] == .snapshot)
    #expect(refresh.sources[.ctxMerchantId] == .snapshot)
    #expect(refresh.answeredBy == [.provider, .snapshot])
    #expect(refresh.merchant.logoLocation == "https://cdn.example/new.png")
    #expect(refresh.merchant.website == "https://gamestop.example")
    #expect(refresh.mismatches.map(\.field) == [.logoLocation])
    // Enabled came from the snapshot: the snapshot's rule (gift cards, enabled, range).
    #expect(refresh.shouldShowFlexibleAmounts)
  }

  @Test("the provider's enabled decides flexible amounts even without gift cards locally")
  func providerEnabledRule() {
    var stored = Self.stored
    stored.paymentTypes = [.dash]
    let refresh = MerchantRefreshResolver.resolve(
      id: 7, info: MerchantInfo(enabled: true), stored: stored, providerError: nil)
    #expect(refresh.shouldShowFlexibleAmounts)
    let local = MerchantRefreshResolver.resolve(
      id: 7, info: nil, stored: stored, providerError: nil)
    #expect(!local.shouldShowFlexibleAmounts)
  }
}
