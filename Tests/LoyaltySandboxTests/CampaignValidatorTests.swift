import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltySandbox

@Suite("Sandbox: the single campaign's ETag and 304")
struct CampaignValidatorTests {
  @Test("Cache: If-None-Match matches the tag, a list holding it, its weak form, or *")
  func cacheIfNoneMatchForms() {
    let tag = #""campaign-0123456789abcdef""#
    #expect(CampaignHandlers.matches(tag, tag))
    #expect(CampaignHandlers.matches("*", tag))
    #expect(CampaignHandlers.matches(#""other", \#(tag)"#, tag))
    #expect(CampaignHandlers.matches("W/" + tag, tag))
    #expect(!CampaignHandlers.matches(#""campaign-0123456789abcdee""#, tag))
    #expect(!CampaignHandlers.matches("", tag))
    #expect(!CampaignHandlers.matches(String(tag.dropLast()), tag))
  }

  @Test("Cache: the tag follows the campaign's content, and only it")
  func cacheTagFollowsContent() {
    let english: JSONValue = ["title": "Coffee", "language": "en"]
    let greek: JSONValue = ["title": "Καφές", "language": "el"]
    #expect(CampaignHandlers.entityTag(of: english) == CampaignHandlers.entityTag(of: english))
    #expect(CampaignHandlers.entityTag(of: english) != CampaignHandlers.entityTag(of: greek))
    #expect(CampaignHandlers.entityTag(of: english).hasPrefix(#""campaign-"#))
    #expect(CampaignHandlers.entityTag(of: english).count == "\"campaign-\"".count + 16)
  }
}
