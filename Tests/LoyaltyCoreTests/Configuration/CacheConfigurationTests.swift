import Foundation
import LoyaltyCore
import Testing

@Suite("CacheConfiguration")
struct CacheConfigurationTests {
  private static func decode(_ json: String) throws -> LoyaltyConfiguration {
    let text =
      #"{"appUUID": "0123456789abcdef0123456789abcdef", "bundleID": "com.example.app""#
      + (json.isEmpty ? "" : ", \"cache\": \(json)") + "}"
    return try LoyaltyConfiguration(jsonData: Data(text.utf8))
  }

  @Test("Cache: the defaults, from loyalty.json and in code")
  func cacheDefaults() throws {
    let configuration = try Self.decode("")
    #expect(configuration.cache == CacheConfiguration())
    #expect(configuration.cache.policy == .networkFirst)
    #expect(configuration.cache.minimumInterval(of: "coupons") == 60)
    #expect(configuration.cache.minimumInterval(of: "merchants") == 3_600)
    #expect(configuration.cache.minimumInterval(of: "anything else") == 60)
    #expect(configuration.cache.maximumAge == 30 * 86_400)
    #expect(configuration.validationErrors().isEmpty)
  }

  @Test("Cache: loyalty.json sets the policy and an interval; the others keep theirs")
  func cacheFromJSON() throws {
    let configuration = try Self.decode(
      #"{"policy": "staleWhileRevalidate", "minimumIntervals": {"coupons": 5}}"#)
    #expect(configuration.cache.policy == .staleWhileRevalidate)
    #expect(configuration.cache.minimumInterval(of: "coupons") == 5)
    #expect(configuration.cache.minimumInterval(of: "campaigns") == 300)
    let again = try LoyaltyConfiguration(jsonData: configuration.jsonData())
    #expect(again == configuration)
    #expect(configuration.summary["cache.policy"] == "staleWhileRevalidate")
  }

  @Test("Cache: an interval is checked at its bounds, 0 and 7 days, and one past")
  func cacheIntervalBounds() throws {
    for (seconds, valid) in [(-1.0, false), (0, true), (604_800, true), (604_801, false)] {
      let configuration = try Self.decode(#"{"minimumIntervals": {"coupons": \#(seconds)}}"#)
      let errors = configuration.validationErrors()
      #expect(errors.isEmpty == valid, "\(seconds)")
      if !valid {
        #expect(errors.first?.metadata["field"] == "cache.minimumIntervals.coupons")
      }
    }
  }

  @Test("Cache: the maximum age is checked at its bounds, 60 s and 365 days, and one past")
  func cacheMaximumAgeBounds() throws {
    for (seconds, valid) in [(59.0, false), (60, true), (31_536_000, true), (31_536_001, false)] {
      var configuration = try Self.decode("")
      configuration.cache.maximumAge = seconds
      #expect(configuration.validationErrors().isEmpty == valid, "\(seconds)")
    }
  }

  @Test("Cache: an unknown policy in loyalty.json is an error")
  func cacheUnknownPolicy() {
    #expect(throws: (any Error).self) { try Self.decode(#"{"policy": "sometimes"}"#) }
  }
}
