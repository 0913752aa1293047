extension CapabilityKey where Value == any PointOfInterestStore {
  /// Where geofencing's points of interest live. Core provides
  /// ``InMemoryPointOfInterestStore``; LoyaltyStore provides a SQLite one with an
  /// R*Tree index.
  public static var pointOfInterestStore: Self {
    Self(
      "loyalty.point-of-interest-store", summary: "a point-of-interest store",
      providedBy: "StoreModule() from LoyaltyStore")
  }
}
