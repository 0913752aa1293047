extension CapabilityKey where Value == any MerchantDirectory {
  /// The merchant directory, searched offline. LoyaltyDirectory provides the live one
  /// (a synced SQLite snapshot) and `InMemoryMerchantDirectory`, the in-memory one.
  public static var merchantDirectory: Self {
    Self(
      "loyalty.merchant-directory", summary: "a merchant directory",
      providedBy: "DirectoryModule() from LoyaltyDirectory")
  }
}
