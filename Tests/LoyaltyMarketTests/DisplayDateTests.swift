import Foundation
import LoyaltyCore
import LoyaltyMarket
import Testing

/// Dates shown as the seed shows them: `dd/MM/yyyy` unless the host passes a format, a
/// zone or names; absent stays absent.
@Suite("Dates as the seed shows them")
struct DisplayDateTests {
  static let utc = TimeZone(secondsFromGMT: 0) ?? .gmt
  static let athens = TimeZone(secondsFromGMT: 2 * 3_600) ?? .gmt
  static let newYork = TimeZone(secondsFromGMT: -5 * 3_600) ?? .gmt

  static func decode<Model: Decodable>(_ type: Model.Type, _ json: String) throws -> Model {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  @Test(
    "each input format the seed tries is shown as dd/MM/yyyy",
    arguments: [
      "2026-11-21 10:30:15+02:00",  // yyyy-MM-dd HH:mm:ssZZZZZ
      "2026-11-21 10:30:15",  // yyyy-MM-dd HH:mm:ss
      "2026-11-21 10:30:15.123456",  // yyyy-MM-dd HH:mm:ss.SSSSSS
      "2026-11-21 10:30",  // the coupon set's yyyy-MM-dd HH:mm
    ])
  func inputFormats(_ text: String) throws {
    let campaign = try Self.decode(
      Campaign.self, #"{"start_date": "\#(text)", "end_date": "\#(text)"}"#)
    #expect(campaign.formattedStartDate(timeZone: Self.utc) == "21/11/2026")
    #expect(campaign.formattedEndDate(timeZone: Self.utc) == "21/11/2026")
    let set = try Self.decode(CouponSet.self, #"{"expiration": "\#(text)"}"#)
    #expect(set.formattedExpiration(timeZone: Self.utc) == "21/11/2026")
    let coupon = try Self.decode(
      Coupon.self,
      #"{"created": "\#(text)", "expiration": "\#(text)", "redeemed_date": "\#(text)"}"#)
    #expect(coupon.formattedCreated(timeZone: Self.utc) == "21/11/2026")
    #expect(coupon.formattedExpiration(timeZone: Self.utc) == "21/11/2026")
    #expect(coupon.formattedRedeemedDate(timeZone: Self.utc) == "21/11/2026")
  }

  @Test("the zone in the input is honoured: the same instant, whatever it is written in")
  func inputZone() throws {
    let zoned = try Self.decode(Campaign.self, #"{"start_date": "2026-11-21 01:30:00+02:00"}"#)
    // 01:30 in +02:00 is 23:30 the day before in UTC.
    #expect(zoned.formattedStartDate(timeZone: Self.utc) == "20/11/2026")
    #expect(zoned.formattedStartDate(timeZone: Self.athens) == "21/11/2026")
    #expect(
      zoned.formattedStartDate(format: "yyyy-MM-dd HH:mm:ssZZZZZ", timeZone: Self.athens)
        == "2026-11-21 01:30:00+02:00")
  }

  @Test("a date near midnight falls on a different day in two time zones")
  func nearMidnight() throws {
    let set = try Self.decode(CouponSet.self, #"{"expiration": "2026-12-31 23:30:00"}"#)
    #expect(set.formattedExpiration(timeZone: Self.utc) == "31/12/2026")
    #expect(set.formattedExpiration(timeZone: Self.athens) == "01/01/2027")
    #expect(set.formattedExpiration(timeZone: Self.newYork) == "31/12/2026")
    let justAfter = try Self.decode(CouponSet.self, #"{"expiration": "2027-01-01 00:00:00"}"#)
    #expect(justAfter.formattedExpiration(timeZone: Self.utc) == "01/01/2027")
    #expect(justAfter.formattedExpiration(timeZone: Self.newYork) == "31/12/2026")
    let named = try #require(TimeZone(identifier: "Europe/Athens"))
    #expect(set.formattedExpiration(timeZone: named) == "01/01/2027")
  }

  @Test("a custom format: time, 12-hour clock, weekday, fractions, quoted text")
  func customFormat() throws {
    let coupon = try Self.decode(
      Coupon.self, #"{"expiration": "2026-11-21 15:04:05.250000"}"#)
    #expect(
      coupon.formattedExpiration(format: "yyyy-MM-dd HH:mm:ss.SSS", timeZone: Self.utc)
        == "2026-11-21 15:04:05.250")
    #expect(
      coupon.formattedExpiration(format: "EEE d/M/yy h:mm a", timeZone: Self.utc)
        == "Sat 21/11/26 3:04 PM")
    #expect(
      coupon.formattedExpiration(format: "'until' dd.MM 'o''clock' HH", timeZone: Self.utc)
        == "until 21.11 o'clock 15")
    #expect(coupon.formattedExpiration(format: "hh a", timeZone: Self.newYork) == "10 AM")
    #expect(coupon.formattedExpiration(format: "Z", timeZone: Self.newYork) == "-0500")
  }

  @Test("month and weekday names come from the names passed")
  func monthNames() throws {
    let campaign = try Self.decode(Campaign.self, #"{"end_date": "2026-11-21 10:00:00"}"#)
    #expect(
      campaign.formattedEndDate(format: "d MMMM yyyy", timeZone: Self.utc) == "21 November 2026")
    #expect(
      campaign.formattedEndDate(format: "EEEE d MMMM yyyy", timeZone: Self.utc, names: .greek)
        == "Σάββατο 21 Νοεμβρίου 2026")
    #expect(
      campaign.formattedEndDate(format: "d MMM", timeZone: Self.utc, names: .greek)
        == "21 Νοε")
    let custom = LoyaltyDate.Names(
      months: [], shortMonths: [], weekdays: [], shortWeekdays: [])
    #expect(campaign.formattedEndDate(format: "MMMM", timeZone: Self.utc, names: custom) == "11")
  }

  @Test("no date from the server: nil, never an invented one")
  func absent() throws {
    let campaign = try Self.decode(Campaign.self, #"{"start_date": null}"#)
    #expect(campaign.formattedStartDate() == nil)
    #expect(campaign.formattedEndDate() == nil)
    let set = try Self.decode(CouponSet.self, #"{"expiration": ""}"#)
    #expect(set.formattedExpiration() == nil)
    let coupon = try Self.decode(Coupon.self, "{}")
    #expect(coupon.formattedCreated() == nil)
    #expect(coupon.formattedExpiration() == nil)
    #expect(coupon.formattedRedeemedDate() == nil)
  }

  @Test("a malformed date: nil, and reported as drift")
  func malformed() throws {
    let collector = DriftCollector()
    let decoder = JSONDecoder()
    if let key = DriftCollector.userInfoKey { decoder.userInfo[key] = collector }
    let coupon = try decoder.decode(
      Coupon.self, from: Data(#"{"expiration": "21/11/2026", "created": "2026-13-01"}"#.utf8))
    #expect(coupon.formattedExpiration() == nil)
    #expect(coupon.formattedCreated() == nil)
    #expect(collector.recorded[.init(field: "expiration", kind: .unreadable)] == 1)
    #expect(collector.recorded[.init(field: "created", kind: .unreadable)] == 1)
  }

  @Test("the display default is the seed's dd/MM/yyyy")
  func displayDefault() {
    #expect(LoyaltyDate.displayFormat == "dd/MM/yyyy")
    let date = Date(timeIntervalSince1970: 1_795_257_015)
    #expect(LoyaltyDate.display(date, timeZone: Self.utc) == "21/11/2026")
  }

  @Test("coupon_img is read, its escaped slashes cleaned like the other image URLs")
  func couponImage() throws {
    let campaign = try Self.decode(
      Campaign.self,
      #"{"coupon_img": "https:\\/\\/cdn.example.com\\/coupon.png", "banner_img": "https:\\/\\/cdn.example.com\\/b.png"}"#
    )
    #expect(campaign.couponImage?.absoluteString == "https://cdn.example.com/coupon.png")
    #expect(campaign.bannerImage?.absoluteString == "https://cdn.example.com/b.png")
    let seedName = try Self.decode(Campaign.self, #"{"_coupon_img": "https://x.example/c.png"}"#)
    #expect(seedName.couponImage?.absoluteString == "https://x.example/c.png")
    #expect(try Self.decode(Campaign.self, "{}").couponImage == nil)
  }

  @Test("the sandbox's campaigns and coupons carry their images and show their dates")
  func fromTheSandbox() async throws {
    let harness = try await MarketHarness.start()
    let campaigns = try await harness.client.market.campaigns(policy: .networkOnly).value
    let campaign = try #require(campaigns.first)
    #expect(campaign.couponImage?.lastPathComponent == "coupon.png")
    let start = try #require(campaign.startDate)
    #expect(
      campaign.formattedStartDate(timeZone: Self.utc)
        == LoyaltyDate.display(start, format: "dd/MM/yyyy", timeZone: Self.utc))
    #expect(campaign.formattedStartDate(timeZone: Self.utc)?.count == 10)
    await harness.client.shutdown()
  }
}
