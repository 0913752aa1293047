#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A loyalty campaign: an offer the user can open, often tied to a coupon set.
public struct Campaign: Sendable, Hashable, Decodable, Identifiable {
  /// The campaign's session id, its key.
  public let sessionUUID: String
  /// The title, in the requested language.
  public let title: String
  /// The subtitle.
  public let subtitle: String
  /// `food`, `energy`, `shopping`, ...
  public let offerCategory: String
  /// `coupon`, `supermarket`, `content`, `ccms`, `telco`, `questionnaire`.
  public let type: String
  /// The coupon set's uuid for coupon and supermarket campaigns, else empty.
  public let couponSet: String
  /// The campaign's page.
  public let indexURL: URL?
  /// Another page for the campaign.
  public let campaignURL: URL?
  /// The logo.
  public let logoURL: URL?
  /// The banner image.
  public let bannerImage: URL?
  /// The banner image for phones.
  public let bannerImageMobile: URL?
  /// The image of the campaign's coupon (`coupon_img`), escaped slashes cleaned.
  public let couponImage: URL?
  /// The sort key: lower first.
  public let sorting: Int
  /// Whether the campaign belongs in the carousel.
  public let isCarousel: Bool
  /// `all`, `new`, `popular`, `ending-soon`.
  public let filter: String
  /// When it starts.
  public let startDate: Date?
  /// When it ends.
  public let endDate: Date?
  /// Coupons left in its set, once availability is known.
  public var couponAvailability: Int?

  /// The campaign's id: its session uuid.
  public var id: String { sessionUUID }

  /// Whether the SDK's filtered lists hide it: CCMS, telco and questionnaire campaigns,
  /// named so by their type or, as some backends do, by their offer category.
  public var isHiddenFromLists: Bool {
    Self.hiddenKinds.contains(type.lowercased())
      || Self.hiddenKinds.contains(offerCategory.lowercased())
  }

  private static let hiddenKinds: Set<String> = ["ccms", "telco", "questionnaire"]

  /// Creates a campaign.
  public init(
    sessionUUID: String, title: String = "", subtitle: String = "", offerCategory: String = "",
    type: String = "coupon", couponSet: String = "", indexURL: URL? = nil,
    campaignURL: URL? = nil, logoURL: URL? = nil, bannerImage: URL? = nil,
    bannerImageMobile: URL? = nil, sorting: Int = 0, isCarousel: Bool = false,
    filter: String = "all", startDate: Date? = nil, endDate: Date? = nil,
    couponAvailability: Int? = nil, couponImage: URL? = nil
  ) {
    self.sessionUUID = sessionUUID
    self.title = title
    self.subtitle = subtitle
    self.offerCategory = offerCategory
    self.type = type
    self.couponSet = couponSet
    self.indexURL = indexURL
    self.campaignURL = campaignURL
    self.logoURL = logoURL
    self.bannerImage = bannerImage
    self.bannerImageMobile = bannerImageMobile
    self.sorting = sorting
    self.isCarousel = isCarousel
    self.filter = filter
    self.startDate = startDate
    self.endDate = endDate
    self.couponAvailability = couponAvailability
    self.couponImage = couponImage
  }

  /// Decodes a campaign; the seed's names (`type`, `_type`, `_sorting`, `_carousel`, ...)
  /// are read where ours are absent. See `Docs/Market.md`, "Field names".
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    sessionUUID = try c.string("session_uuid", "_session_uuid")
    title = try c.string("title", "_title")
    subtitle = try c.string("subtitle", "_subtitle")
    offerCategory = try c.string("offer_category", "_offer_category")
    type = try c.string("campaign_type", "type", "_type")
    couponSet = try c.string("couponset", "_couponset")
    indexURL = try c.url("index_url", "_index_url")
    campaignURL = try c.url("campaign_url", "_campaign_url")
    logoURL = try c.url("logo_url", "_logo_url")
    bannerImage = try c.url("banner_img", "_banner_img")
    bannerImageMobile = try c.url("banner_img_mobile", "_banner_img_mobile")
    couponImage = try c.url("coupon_img", "_coupon_img")
    sorting = try c.int("sorting", "_sorting")
    isCarousel = try c.bool("carousel", "_carousel")
    filter = try c.optionalString("filter", "_filter") ?? "all"
    startDate = try c.date("start_date", "_start_date")
    endDate = try c.date("end_date", "_end_date")
    couponAvailability = try c.optionalInt("coupon_availability", "_coupon_availability")
  }
}

/// A contextual (CCMS) offer the host hands the SDK.
public struct ContextualOffer: Sendable, Hashable, Codable {
  /// The loyalty campaign it belongs to.
  public let loyaltyCampaignID: String
  /// The assets it applies to.
  public let eligibleAssets: [String]
  /// The offer's name.
  public let offerName: String
  /// The campaign session it opens.
  public let sessionID: String

  /// Creates an offer.
  public init(
    loyaltyCampaignID: String, eligibleAssets: [String] = [], offerName: String,
    sessionID: String
  ) {
    self.loyaltyCampaignID = loyaltyCampaignID
    self.eligibleAssets = eligibleAssets
    self.offerName = offerName
    self.sessionID = sessionID
  }
}

/// A seasonal gifts package the host shows (the seed's "gifts for you").
public struct SeasonalPackage: Sendable, Hashable, Codable {
  /// The package's id.
  public let id: String
  /// Its title.
  public let title: String
  /// The campaigns it groups.
  public let campaignSessionUUIDs: [String]

  /// Creates a package.
  public init(id: String, title: String, campaignSessionUUIDs: [String]) {
    self.id = id
    self.title = title
    self.campaignSessionUUIDs = campaignSessionUUIDs
  }
}
