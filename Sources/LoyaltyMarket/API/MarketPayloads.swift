#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The payload shapes of market answers, as `Docs/API.md` describes them.
struct CampaignList: Decodable, Sendable {
  let campaigns: [Campaign]
  init(from decoder: any Decoder) throws {
    campaigns = try decoder.container(keyedBy: AnyKey.self).decodedList(Campaign.self, "campaigns")
  }
}

struct SingleCampaign: Decodable, Sendable {
  let campaign: Campaign
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    guard let campaign = try c.decoded(Campaign.self, "campaign") else {
      throw DecodingError.keyNotFound(
        AnyKey("campaign"), .init(codingPath: c.codingPath, debugDescription: "no campaign"))
    }
    self.campaign = campaign
  }
}

struct CouponSetList: Decodable, Sendable {
  let couponSets: [CouponSet]
  init(from decoder: any Decoder) throws {
    couponSets = try decoder.container(keyedBy: AnyKey.self).decodedList(
      CouponSet.self, "couponsets")
  }
}

struct Availability: Decodable, Sendable {
  let counts: [String: Int]
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    guard c.contains(AnyKey("availability")) else {
      counts = [:]
      return
    }
    let entries = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("availability"))
    var counts: [String: Int] = [:]
    for key in entries.allKeys {
      counts[key.stringValue] = try entries.lenientInt(key) ?? 0
    }
    self.counts = counts
  }
}

struct CouponList: Decodable, Sendable {
  let coupons: [Coupon]
  init(from decoder: any Decoder) throws {
    coupons = try decoder.container(keyedBy: AnyKey.self).decodedList(Coupon.self, "coupons")
  }
}

struct ShopList: Decodable, Sendable {
  let shops: [Merchant]
  init(from decoder: any Decoder) throws {
    shops = try decoder.container(keyedBy: AnyKey.self).decodedList(Merchant.self, "shops")
  }
}

struct CategoryList: Decodable, Sendable {
  let categories: [MerchantCategory]
  init(from decoder: any Decoder) throws {
    categories = try decoder.container(keyedBy: AnyKey.self).decodedList(
      MerchantCategory.self, "categories")
  }
}

struct ArticleList: Decodable, Sendable {
  let articles: [Article]
  init(from decoder: any Decoder) throws {
    articles = try decoder.container(keyedBy: AnyKey.self).decodedList(Article.self, "articles")
  }
}

struct TransactionList: Decodable, Sendable {
  let transactions: [Transaction]
  init(from decoder: any Decoder) throws {
    transactions = try decoder.container(keyedBy: AnyKey.self).decodedList(
      Transaction.self, "transactions")
  }
}

struct CardPayload: Decodable, Sendable {
  let card: Card?
  init(from decoder: any Decoder) throws {
    card = try decoder.container(keyedBy: AnyKey.self).decoded(Card.self, "card")
  }
}

struct CardList: Decodable, Sendable {
  let cards: [Card]
  init(from decoder: any Decoder) throws {
    cards = try decoder.container(keyedBy: AnyKey.self).decodedList(Card.self, "cards")
  }
}

struct OTPPayload: Decodable, Sendable {
  let id: String
  let expiresIn: Int
  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    id = try c.string("otp_uuid")
    expiresIn = try c.int("expires_in")
  }
}

/// A whole answer read for its status and message only.
struct StatusOnly: Decodable, Sendable {
  init(from decoder: any Decoder) throws {}
}
