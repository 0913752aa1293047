extension CapabilityKey where Value == AppLifecycle {
  /// The host app's lifecycle: ``LoyaltyClient/lifecycle``. Core provides it.
  public static var lifecycle: Self {
    Self(
      "loyalty.lifecycle", summary: "the app's lifecycle",
      providedBy: "LoyaltyCore (always present)")
  }
}

extension LoyaltyClient {
  /// The host app's lifecycle: tell it when the app becomes active, goes to the
  /// background, when the network comes and goes, and when the language changes.
  ///
  /// ```swift
  /// let lifecycle = try client.lifecycle
  /// await lifecycle.didBecomeActive()  // from the scene's sceneDidBecomeActive(_:)
  /// ```
  /// - Throws: ``LoyaltyError/Code/clientShutDown`` after ``shutdown()``.
  public var lifecycle: AppLifecycle {
    get throws { try resolve(.lifecycle) }
  }
}
