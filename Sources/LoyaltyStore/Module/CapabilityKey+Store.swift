public import LoyaltyCore

extension CapabilityKey where Value == StoreDatabase {
  /// The LoyaltyStore database itself: points of interest, maintenance (integrity
  /// check, vacuum, statistics, recreate) and the report of a recovered file.
  public static var storeDatabase: Self {
    Self(
      "loyalty.store-database", summary: "the LoyaltyStore database",
      providedBy: "StoreModule() from LoyaltyStore")
  }
}
