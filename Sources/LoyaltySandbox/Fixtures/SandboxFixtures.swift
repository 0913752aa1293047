#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What the sandbox's data looks like: a seed and the size of each collection.
///
/// The same fixtures always give the same data, and so byte-identical answers; another
/// seed gives other data. Sizes can go far beyond what an app holds, for benchmarks:
///
/// ```swift
/// let backend = SandboxBackend(
///   fixtures: SandboxFixtures(seed: 7, campaigns: 10_000, merchants: 5_000))
/// ```
///
/// Users are `user1@sandbox.test` ... `userN@sandbox.test`, each with the password
/// ``userPassword``.
public struct SandboxFixtures: Sendable, Hashable {
  /// The seed every value is drawn from.
  public var seed: UInt64
  /// Campaigns in the standard context.
  public var campaigns: Int
  /// Personalized campaigns per user.
  public var personalizedCampaigns: Int
  /// Coupon sets.
  public var couponSets: Int
  /// Merchants.
  public var merchants: Int
  /// Merchant categories (at least one, `supermarket`, when there are merchants).
  public var merchantCategories: Int
  /// Articles.
  public var articles: Int
  /// Users.
  public var users: Int
  /// Coupons each user holds.
  public var couponsPerUser: Int
  /// Transactions in each user's history.
  public var transactionsPerUser: Int
  /// Entries in each user's points history.
  public var pointsEntriesPerUser: Int
  /// The date fixture dates are drawn around; not the clock, so data never changes with
  /// the day it is made.
  public var referenceDate: Date

  /// Creates fixtures. Negative sizes count as zero.
  public init(
    seed: UInt64 = 1,
    campaigns: Int = 24,
    personalizedCampaigns: Int = 4,
    couponSets: Int = 12,
    merchants: Int = 40,
    merchantCategories: Int = 8,
    articles: Int = 10,
    users: Int = 3,
    couponsPerUser: Int = 8,
    transactionsPerUser: Int = 12,
    pointsEntriesPerUser: Int = 10,
    referenceDate: Date = Date(timeIntervalSince1970: 1_767_225_600)
  ) {
    self.seed = seed
    self.campaigns = max(0, campaigns)
    self.personalizedCampaigns = max(0, personalizedCampaigns)
    self.couponSets = max(0, couponSets)
    self.merchants = max(0, merchants)
    self.merchantCategories = max(0, merchantCategories)
    self.articles = max(0, articles)
    self.users = max(0, users)
    self.couponsPerUser = max(0, couponsPerUser)
    self.transactionsPerUser = max(0, transactionsPerUser)
    self.pointsEntriesPerUser = max(0, pointsEntriesPerUser)
    self.referenceDate = referenceDate
  }

  /// The email of fixture user `index` (1-based): `user1@sandbox.test`.
  public static func userEmail(_ index: Int) -> String { "user\(index)@sandbox.test" }

  /// The password of every fixture user.
  public static let userPassword = "sandbox-password"
}
