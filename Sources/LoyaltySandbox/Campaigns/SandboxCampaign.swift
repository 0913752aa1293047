import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A campaign of the fixtures, as `MAPP_CAMPAIGNING` lists it.
public struct SandboxCampaign: Sendable, Hashable {
  /// `session_uuid`: 32 hexadecimal digits.
  public let sessionUUID: String
  /// `title`.
  public let title: SandboxText
  /// `subtitle`.
  public let subtitle: SandboxText
  /// `offer_category`.
  public let offerCategory: String
  /// `campaign_type`: `coupon`, `supermarket`, `content`, `ccms`, `telco` or
  /// `questionnaire`.
  public let type: String
  /// `couponset`: the coupon set a coupon or supermarket campaign offers.
  public let couponSetUUID: String?
  /// `sorting`.
  public let sorting: Int
  /// `carousel`.
  public let isCarousel: Bool
  /// `filter`.
  public let filter: String
  /// `start_date`.
  public let startDate: Date
  /// `end_date`.
  public let endDate: Date

  func json(language: String) -> JSONValue {
    let base = "https://cdn.sandbox.loyalty.test/campaigns/\(sessionUUID)"
    return .object([
      "session_uuid": .string(sessionUUID),
      "title": .string(title.text(for: language)),
      "subtitle": .string(subtitle.text(for: language)),
      "offer_category": .string(offerCategory),
      "campaign_type": .string(type),
      "couponset": .string(couponSetUUID ?? ""),
      "index_url": .string("\(base)/index.html"),
      "campaign_url": .string("\(base)/campaign.html"),
      "logo_url": .string("\(base)/logo.png"),
      "banner_img": .string("\(base)/banner.jpg"),
      "banner_img_mobile": .string("\(base)/banner-mobile.jpg"),
      "coupon_img": .string("\(base)/coupon.png"),
      "sorting": .string(String(sorting)),
      "carousel": .string(isCarousel ? "true" : "false"),
      "filter": .string(filter),
      "start_date": .string(SandboxDate.format(startDate, .seconds)),
      "end_date": .string(SandboxDate.format(endDate, .seconds)),
    ])
  }
}
