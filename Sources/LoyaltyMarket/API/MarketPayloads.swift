#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The payload shapes of market answers, as `Docs/API.md` describes them.
struct CampaignList: Decodable, Sendable {
  let campaigns: [Campaign]
  init(from decoder: any Decoder) throws {
    campaigns = try PayloadList.decode(Campaign.self, "campaigns", from: decoder)
  }
}

struct CouponSetList: Decodable, Sendable {
  let couponSets: [CouponSet]
  init(from decoder: any Decoder) throws {
    couponSets = try PayloadList.decode(CouponSet.self, "couponsets", from: decoder)
  }
}

/// Coupons left per coupon set; `nil` when the answer cannot be read (reported).
///
/// Read from `{"availability": {"<set>": n}}`, from the payload itself when it is that
/// map, or from a list of `{"couponset_uuid" (or "couponset", "uuid"), "availability"
/// (or "count")}` objects. A count that cannot be read leaves its set out and is
/// reported; no numbers at all is `nil`, never "all available".
struct Availability: Decodable, Sendable {
  let counts: [String: Int]?

  init(from decoder: any Decoder) throws {
    let collector = decoder.driftCollector
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      let key = AnyKey("availability")
      if object.contains(key) {
        if let map = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: key) {
          counts = Self.counts(in: map, collector)
        } else if let list = try? object.decode([Entry].self, forKey: key) {
          counts = Self.counts(in: list, collector)
        } else {
          collector?.record(
            object.codingPath.driftPath(appending: "availability"), .unexpectedShape)
          counts = nil
        }
      } else if object.allKeys.isEmpty {
        collector?.record(object.codingPath.driftPath(appending: "availability"), .missing)
        counts = nil
      } else {
        counts = Self.counts(in: object, collector)
      }
    } else if let list = try? decoder.singleValueContainer().decode([Entry].self) {
      counts = Self.counts(in: list, collector)
    } else {
      collector?.record(decoder.codingPath.driftPath(), .unexpectedShape)
      counts = nil
    }
  }

  private static func counts(
    in map: KeyedDecodingContainer<AnyKey>, _ collector: DriftCollector?
  ) -> [String: Int] {
    var counts: [String: Int] = [:]
    for key in map.allKeys {
      if let count = (try? map.lenientInt(key)) ?? nil {
        counts[key.stringValue] = count
      } else {
        collector?.record(map.codingPath.driftPath() + "[]", .unreadable)
      }
    }
    return counts
  }

  private static func counts(in list: [Entry], _ collector: DriftCollector?) -> [String: Int] {
    var counts: [String: Int] = [:]
    for entry in list {
      if let set = entry.couponSet, let count = entry.count {
        counts[set] = count
      } else {
        collector?.record("availability[]", .unreadable)
      }
    }
    return counts
  }

  /// One set's count in a list-shaped answer.
  private struct Entry: Decodable {
    let couponSet: String?
    let count: Int?
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      couponSet =
        try c.lenientString(AnyKey("couponset_uuid")) ?? c.lenientString(AnyKey("couponset"))
        ?? c.lenientString(AnyKey("uuid"))
      count = try c.lenientInt(AnyKey("availability")) ?? c.lenientInt(AnyKey("count"))
    }
  }
}

struct CouponList: Decodable, Sendable {
  let coupons: [Coupon]
  init(from decoder: any Decoder) throws {
    coupons = try PayloadList.decode(Coupon.self, "coupons", from: decoder)
  }
}

struct ShopList: Decodable, Sendable {
  let shops: [Merchant]
  init(from decoder: any Decoder) throws {
    shops = try PayloadList.decode(Merchant.self, "shops", from: decoder)
  }
}

struct CategoryList: Decodable, Sendable {
  let categories: [MerchantCategory]
  init(from decoder: any Decoder) throws {
    categories = try PayloadList.decode(MerchantCategory.self, "categories", from: decoder)
  }
}

struct ArticleList: Decodable, Sendable {
  let articles: [Article]
  init(from decoder: any Decoder) throws {
    articles = try PayloadList.decode(Article.self, "articles", from: decoder)
  }
}

struct TransactionList: Decodable, Sendable {
  let transactions: [Transaction]
  init(from decoder: any Decoder) throws {
    transactions = try PayloadList.decode(Transaction.self, "transactions", from: decoder)
  }
}

/// An added card, in any form ``PayloadObject`` reads: without the card or its token the
/// answer means nothing.
struct CardPayload: Decodable, Sendable {
  let card: Card
  init(from decoder: any Decoder) throws {
    card = try ObjectPayload<Card>(from: decoder).object
    guard !card.token.isEmpty else {
      throw FieldReader.Unusable(
        field: decoder.codingPath.driftPath(appending: "card.token"), kind: .missing)
    }
  }
}

struct CardList: Decodable, Sendable {
  let cards: [Card]
  init(from decoder: any Decoder) throws {
    cards = try PayloadList.decode(Card.self, "cards", from: decoder)
  }
}

/// A payload that is a list under a key (`{"campaigns": [...]}`), or any other form of it
/// that ``LoyaltyNetwork/AnswerList`` accepts: the list itself, the list under another
/// obvious name, a lone object. Every form but ours is reported as drift.
enum PayloadList {
  /// The list named `key` (or one of `aliases`) in the payload `decoder` holds. Without
  /// it, a `required` list throws ``FieldReader/Unusable``; any other is empty and
  /// reported as missing.
  ///
  /// Not specialised, like ``FieldReader/anyFormList(_:_:aliases:required:)``.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  static func decode<T: Decodable>(
    _ type: T.Type, _ key: String, aliases: [String] = [], required: Bool = false,
    from decoder: any Decoder
  ) throws -> [T] {
    if let reader = try? FieldReader(decoder) {
      return try reader.anyFormList(T.self, key, aliases: aliases, required: required)
    }
    let list = try decoder.unkeyedContainer()
    let collector = decoder.driftCollector
    collector?.record(decoder.codingPath.driftPath(), .unexpectedShape)
    return try FieldReader.elements(T.self, in: list) {
      collector?.record(decoder.codingPath.driftPath(appending: key), .unreadable)
    }
  }
}
