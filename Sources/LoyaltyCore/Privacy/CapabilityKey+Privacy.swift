extension CapabilityKey where Value == any PrivacyStore {
  /// Where the user's privacy choice persists. LoyaltyStore provides one in its
  /// database; without it, ``PrivacyCenter`` keeps the choice in an
  /// ``InMemoryPrivacyStore`` of its own.
  public static var privacyStore: Self {
    Self(
      "loyalty.privacy-store", summary: "a privacy store",
      providedBy: "StoreModule() from LoyaltyStore")
  }
}

extension CapabilityKey where Value == PrivacyCenter {
  /// The enabled privacy features: ``LoyaltyClient/privacy``. Core provides it, on the
  /// privacy store.
  public static var privacy: Self {
    Self("loyalty.privacy", summary: "a privacy center", providedBy: "LoyaltyCore (always present)")
  }
}

extension LoyaltyClient {
  /// The privacy features the user allowed: read them, and change them at run time.
  ///
  /// ```swift
  /// try await client.privacy.disable(.analytics)  // queued events are deleted
  /// ```
  /// - Throws: ``LoyaltyError/Code/clientShutDown`` after ``shutdown()``.
  public var privacy: PrivacyCenter {
    get throws { try resolve(.privacy) }
  }
}
