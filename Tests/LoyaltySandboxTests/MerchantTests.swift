import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("Sandbox: merchants, categories, articles")
struct MerchantTests {
  func uuids(_ response: ResponseEnvelope) -> Set<String> {
    Set(response.list("MAPP_SHOPS", "shops").compactMap { $0["uuid"]?.stringValue })
  }

  @Test("every merchant filter, alone")
  func filters() async throws {
    let harness = SandboxHarness(fixtures: SandboxFixtures(merchants: 120))
    let catalog = harness.backend.catalog
    let all = try await harness.client.send(TestEndpoints.merchants())
    #expect(uuids(all).count == 120)

    let category = catalog.categories[0].uuid
    let byCategory = try await harness.client.send(
      TestEndpoints.merchants(["categories": [.string(category)]]))
    #expect(
      uuids(byCategory)
        == Set(catalog.merchants.filter { $0.categoryUUID == category }.map(\.uuid)))

    let shown = try await harness.client.send(TestEndpoints.merchants(["default_shown": true]))
    #expect(uuids(shown) == Set(catalog.merchants.filter(\.defaultShown).map(\.uuid)))

    let tagged = try await harness.client.send(TestEndpoints.merchants(["tags": ["eco"]]))
    #expect(uuids(tagged) == Set(catalog.merchants.filter { $0.tags.contains("eco") }.map(\.uuid)))

    let one = try #require(catalog.merchants.last)
    let byUUID = try await harness.client.send(TestEndpoints.merchants(["uuid": .string(one.uuid)]))
    #expect(uuids(byUUID) == [one.uuid])

    let parent = try #require(catalog.merchants.first { $0.parentUUID != nil }?.parentUUID)
    let branches = try await harness.client.send(
      TestEndpoints.merchants(["parent_uuids": [.string(parent)]]))
    #expect(
      uuids(branches) == Set(catalog.merchants.filter { $0.parentUUID == parent }.map(\.uuid)))
    #expect(!uuids(branches).isEmpty)
  }

  @Test("center and distance keep nearby merchants, nearest first, with their distance")
  func nearby() async throws {
    let harness = SandboxHarness(fixtures: SandboxFixtures(merchants: 120))
    let response = try await harness.client.send(
      TestEndpoints.merchants(["center": ["lat": 37.9838, "lon": 23.7275], "distance": 15]))
    let shops = response.list("MAPP_SHOPS", "shops")
    #expect(!shops.isEmpty)
    #expect(shops.allSatisfy { $0["city"] == "Athens" })
    let distances = shops.compactMap { $0["distance"]?.doubleValue }
    #expect(distances.count == shops.count)
    #expect(distances == distances.sorted())
    #expect(distances.allSatisfy { $0 <= 15 })

    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(TestEndpoints.merchants(["distance": 5]))
    }
    #expect(error.metadata["status"] == "400")
  }

  @Test("merchant categories and articles")
  func categoriesAndArticles() async throws {
    let harness = SandboxHarness()
    let categories = try await harness.client.send(
      TestEndpoints.standard(
        "merchantCategories", "shops", ["action": "retrieve_categories", "language": "el"],
        check: .domain("MAPP_SHOPS")))
    let list = categories.list("MAPP_SHOPS", "categories")
    #expect(list.count == 8)
    #expect(list.first?["admin_name"] == "supermarket")
    #expect(list.first?["name"] == "Σούπερ μάρκετ")

    let articles = try await harness.client.send(
      TestEndpoints.standard(
        "articles", "content", ["action": "retrieve_multilingual", "language": "en"],
        check: .domain("MAPP_CONTENT")))
    let items = articles.list("MAPP_CONTENT", "articles")
    #expect(items.count == 10)
    #expect(items.compactMap { $0["sorting"]?.looseInt } == Array(1...10))
  }
}
