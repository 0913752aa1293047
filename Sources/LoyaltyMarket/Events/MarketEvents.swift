public import LoyaltyCore

/// Campaigns were retrieved and the state updated.
public struct CampaignsRetrieved: LoyaltyEvent, Equatable {
  public static let eventName = "campaigns_retrieved"
  /// How many campaigns the app lists.
  public let count: Int
  public var attributes: [String: String] { ["count": String(count)] }
}

/// The user's coupons were fetched.
public struct CouponsFetched: LoyaltyEvent, Equatable {
  public static let eventName = "coupons_fetched"
  /// Active coupons.
  public let active: Int
  /// Redeemed coupons.
  public let redeemed: Int
  public var attributes: [String: String] {
    ["active": String(active), "redeemed": String(redeemed)]
  }
}

/// The market pass was fetched.
public struct MarketPassDetailsFetched: LoyaltyEvent, Equatable {
  public static let eventName = "market_pass_details_fetched"
}

/// Contextual (CCMS) offers were set.
public struct CCMSRetrieved: LoyaltyEvent, Equatable {
  public static let eventName = "ccms_retrieved"
  /// How many.
  public let count: Int
  public var attributes: [String: String] { ["count": String(count)] }
}

/// Seasonal packages were set.
public struct SeasonalsRetrieved: LoyaltyEvent, Equatable {
  public static let eventName = "seasonals_retrieved"
  /// How many.
  public let count: Int
  public var attributes: [String: String] { ["count": String(count)] }
}
