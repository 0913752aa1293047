import Foundation
import GRDBSQLite
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork

// The reference of "Offline: read 1,000 cached coupons" (OfflineBenchmarks.swift): the
// seed SDK's approach to the same coupons, one row of JSON per coupon read with the
// sqlite3 C API (GRDB's `GRDBSQLite` module, the system's libsqlite3), parsed by
// `JSONSerialization` and built by hand-written `init(dictionary:)` models.

// MARK: - The seed SDK's approach (reference)

/// A merchant as the seed builds it from `[String: Any]`.
struct ReferenceMerchant {
  let uuid, name, description, category, address, city, postalCode, telephone: String
  let website, imagePreview: String
  let latitude, longitude: Double?
  let isDefaultShown: Bool
  let tags: [String]
  let parentUUID: String?

  init(dictionary: [String: Any]) {
    uuid = dictionary["uuid"] as? String ?? ""
    name = dictionary["name"] as? String ?? ""
    description = dictionary["description"] as? String ?? ""
    category = dictionary["category"] as? String ?? ""
    address = dictionary["address"] as? String ?? ""
    city = dictionary["city"] as? String ?? ""
    postalCode = dictionary["postal_code"] as? String ?? ""
    telephone = dictionary["telephone"] as? String ?? ""
    website = ReferenceCampaign.cleanedURL(dictionary["website"])
    imagePreview = ReferenceCampaign.cleanedURL(dictionary["img_preview"])
    latitude = referenceDouble(dictionary["lat"])
    longitude = referenceDouble(dictionary["lon"])
    isDefaultShown = ReferenceCampaign.bool(dictionary["default_shown"]) ?? false
    tags = dictionary["tags"] as? [String] ?? []
    parentUUID = dictionary["parent"] as? String
  }
}

/// A coupon set as the seed builds it.
struct ReferenceCouponSet {
  let uuid, name, description, terms, imagePreview, expiration: String
  let discount, finalPrice: Double
  let discountType, type, merchantUUID: String
  let shopAvailability: [String]
  let points: Int
  let isActive: Bool

  init(dictionary: [String: Any]) {
    uuid = dictionary["uuid"] as? String ?? ""
    name = dictionary["name"] as? String ?? ""
    description = dictionary["description"] as? String ?? ""
    terms = dictionary["terms"] as? String ?? ""
    imagePreview = ReferenceCampaign.cleanedURL(dictionary["img_preview"])
    expiration = dictionary["expiration"] as? String ?? ""
    discount = referenceDouble(dictionary["discount"]) ?? 0
    finalPrice = referenceDouble(dictionary["final_price"]) ?? 0
    discountType = dictionary["discount_type"] as? String ?? ""
    type = dictionary["couponset_type"] as? String ?? ""
    merchantUUID = dictionary["merchant_uuid"] as? String ?? ""
    shopAvailability = dictionary["shop_availability"] as? [String] ?? []
    points = ReferenceCampaign.int(dictionary["points"]) ?? 0
    isActive = ReferenceCampaign.bool(dictionary["active"]) ?? true
  }
}

/// A coupon as the seed builds it: one lookup and cast per field, `?? ""` defaults, dates
/// kept as strings, the set and the merchant built the same way.
struct ReferenceCoupon {
  let code, barcode, couponSetUUID, name: String
  let discount: Double
  let status: Int
  let created, expiration: String
  let redeemedDate: String?
  let couponSet: ReferenceCouponSet?
  let merchant: ReferenceMerchant?
  let redemptionMerchantUUID: String?

  init(dictionary: [String: Any]) {
    code = dictionary["coupon"] as? String ?? ""
    barcode = dictionary["barcode"] as? String ?? ""
    couponSetUUID = dictionary["couponset_uuid"] as? String ?? ""
    name = dictionary["name"] as? String ?? ""
    discount = referenceDouble(dictionary["discount"]) ?? 0
    status = ReferenceCampaign.int(dictionary["status"]) ?? 0
    created = dictionary["created"] as? String ?? ""
    expiration = dictionary["expiration"] as? String ?? ""
    redeemedDate = dictionary["redeemed_date"] as? String
    couponSet = (dictionary["couponset_data"] as? [String: Any]).map(
      ReferenceCouponSet.init(dictionary:))
    merchant = (dictionary["merchant_details"] as? [String: Any]).map(
      ReferenceMerchant.init(dictionary:))
    redemptionMerchantUUID =
      (dictionary["redemption"] as? [String: Any])?["merchant_uuid"] as? String
  }
}

func referenceDouble(_ value: Any?) -> Double? {
  if let number = value as? Double { return number }
  if let text = value as? String { return Double(text.replacingOccurrences(of: ",", with: ".")) }
  return nil
}

/// The seed's store: one row per coupon, its JSON as the sandbox answered it, read with
/// the sqlite3 C API on a connection kept open.
final class ReferenceCouponStore: @unchecked Sendable {
  private let handle: OpaquePointer

  init(path: String, rows: [Data]) throws {
    var handle: OpaquePointer?
    guard
      sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        == SQLITE_OK, let handle
    else { throw OfflineFailure.sqlite("open") }
    self.handle = handle
    try execute("PRAGMA journal_mode=WAL")
    try execute("CREATE TABLE coupons (id INTEGER PRIMARY KEY, json TEXT NOT NULL)")
    try execute("BEGIN")
    let insert = try prepare("INSERT INTO coupons (json) VALUES (?)")
    defer { sqlite3_finalize(insert) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for row in rows {
      let bound = row.withUnsafeBytes { bytes in
        sqlite3_bind_text(insert, 1, bytes.baseAddress, Int32(bytes.count), transient)
      }
      guard bound == SQLITE_OK, sqlite3_step(insert) == SQLITE_DONE else {
        throw OfflineFailure.sqlite("insert")
      }
      sqlite3_reset(insert)
    }
    try execute("COMMIT")
  }

  deinit { sqlite3_close_v2(handle) }

  private func execute(_ sql: String) throws {
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw OfflineFailure.sqlite(sql)
    }
  }

  private func prepare(_ sql: String) throws -> OpaquePointer? {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      throw OfflineFailure.sqlite(sql)
    }
    return statement
  }

  /// Every coupon: the rows read, each parsed and built.
  func coupons() throws -> [ReferenceCoupon] {
    let statement = try prepare("SELECT json FROM coupons ORDER BY id")
    defer { sqlite3_finalize(statement) }
    var coupons: [ReferenceCoupon] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      let count = Int(sqlite3_column_bytes(statement, 0))
      let data = sqlite3_column_blob(statement, 0).map { Data(bytes: $0, count: count) } ?? Data()
      guard let dictionary = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw OfflineFailure.sqlite("row")
      }
      coupons.append(ReferenceCoupon(dictionary: dictionary))
    }
    return coupons
  }

  /// A store of the coupons the filled directory's cache holds, one row each, checked
  /// against the SDK's read of the same answer.
  static func make() async throws -> ReferenceCouponStore {
    let fixture = try await OfflineFixture.fill()
    let client = try await fixture.startKept(transport: CutNetwork())
    // The one signed-in user's answer: the fixture has one user.
    let answers = try await client.resolve(.marketCache).answers()
    guard
      let answer = answers.first(where: {
        MarketCacheOwner.isSignedIn($0.owner) && $0.key.hasPrefix("coupons?")
      }),
      let list = try JSONValue(parsing: answer.body)["context"]?["MAPP_COUPON"]?["coupons"]?
        .arrayValue
    else { throw OfflineFailure.noCachedCoupons }
    let rows = try list.map { try $0.jsonData() }
    let store = try ReferenceCouponStore(
      path: fixture.directory.appendingPathComponent("reference.sqlite").path, rows: rows)
    let ours: [Coupon] = try await client.market.coupons(policy: .cacheOnly).value
    let theirs: [ReferenceCoupon] = try store.coupons()
    try expect("reference coupons", theirs.count, offlineCouponCount)
    let agree = zip(ours, theirs).allSatisfy { ours, theirs in
      ours.code == theirs.code && ours.couponSet?.id == theirs.couponSet?.uuid
        && ours.merchant?.id == theirs.merchant?.uuid && ours.statusIfSent == theirs.status
        && ours.discountIfSent == theirs.discount
    }
    guard ours.count == theirs.count, agree else { throw OfflineFailure.referenceDisagrees }
    return store
  }
}
