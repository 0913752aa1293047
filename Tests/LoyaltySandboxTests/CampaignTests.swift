import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("Sandbox: campaigns")
struct CampaignTests {
  @Test("basic campaigns come in MAPP_CAMPAIGNING with the documented fields")
  func basic() async throws {
    let harness = SandboxHarness()
    let response = try await harness.client.send(TestEndpoints.campaigns())
    #expect(response.status(ofDomain: "MAPP_CAMPAIGNING") == 1)
    let campaigns = response.list("MAPP_CAMPAIGNING", "campaigns")
    #expect(campaigns.count == 24)
    let first = try #require(campaigns.first)
    for field in [
      "session_uuid", "title", "subtitle", "offer_category", "campaign_type", "couponset",
      "index_url", "campaign_url", "logo_url", "banner_img", "banner_img_mobile", "coupon_img",
      "sorting", "carousel", "filter", "start_date", "end_date",
    ] {
      #expect(first[field]?.stringValue != nil, "missing \(field)")
    }
    #expect(first["session_uuid"]?.stringValue?.count == 32)
    #expect(first["sorting"]?.looseInt != nil)
    #expect(first["start_date"]?.stringValue?.count == 19)
  }

  @Test("filters narrow the campaigns; the language picks the text")
  func filtersAndLanguage() async throws {
    let harness = SandboxHarness()
    let coupons = try await harness.client.send(
      TestEndpoints.campaigns(filters: ["campaign_type": "coupon"]))
    let list = coupons.list("MAPP_CAMPAIGNING", "campaigns")
    #expect(!list.isEmpty)
    #expect(list.allSatisfy { $0["campaign_type"] == "coupon" && $0["couponset"] != "" })
    let greek = try await harness.client.send(TestEndpoints.campaigns(language: "el"))
    let english = try await harness.client.send(TestEndpoints.campaigns(language: "en"))
    #expect(
      greek.list("MAPP_CAMPAIGNING", "campaigns").first?["title"]
        != english.list("MAPP_CAMPAIGNING", "campaigns").first?["title"])
  }

  @Test("personalized campaigns need a session and differ per user")
  func personalized() async throws {
    let harness = SandboxHarness()
    await #expect(throws: LoyaltyError.self) {
      _ = try await harness.client.send(TestEndpoints.personalizedCampaigns())
    }
    try await harness.login(1)
    let first = try await harness.client.send(TestEndpoints.personalizedCampaigns())
    try await harness.login(2)
    let second = try await harness.client.send(TestEndpoints.personalizedCampaigns())
    #expect(first.list("MAPP_CAMPAIGNING", "campaigns").count == 4)
    #expect(
      first.list("MAPP_CAMPAIGNING", "campaigns") != second.list("MAPP_CAMPAIGNING", "campaigns"))
  }

  @Test("a single campaign by its session; an unknown session is 404")
  func single() async throws {
    let harness = SandboxHarness()
    let uuid = try #require(harness.backend.catalog.campaigns.first?.sessionUUID)
    let response = try await harness.client.send(TestEndpoints.singleCampaign(uuid))
    #expect(response["MAPP_CAMPAIGNING"]?["campaign"]?["session_uuid"] == .string(uuid))
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(TestEndpoints.singleCampaign("0000"))
    }
    #expect(error.metadata["status"] == "404")
  }
}
