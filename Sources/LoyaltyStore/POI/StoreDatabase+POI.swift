extension StoreDatabase {
  /// The database's points of interest.
  public var pointsOfInterest: SQLitePOIStore { SQLitePOIStore(database: self) }
}
