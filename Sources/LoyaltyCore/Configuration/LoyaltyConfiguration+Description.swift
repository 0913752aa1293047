extension LoyaltyConfiguration: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// `LoyaltyConfiguration(apiKey: <masked, 17 characters>, appUUID: ..., ...)`: the
  /// ``summary``, with the API key masked.
  public var description: String {
    "LoyaltyConfiguration(" + summary.sortedPairs(": ", separator: ", ") + ")"
  }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// The fields, with the API key masked, so `dump` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "appUUID": appUUID, "merchantID": merchantID,
        "apiKey": summary["apiKey"] ?? SecretMasker.placeholder, "bundleID": bundleID,
        "environment": environment.description, "language": language, "database": database,
        "token": token, "network": network, "logging": logging, "device": device,
        "privacy": privacy.enabled.description,
        "partner": partner?.description ?? "none",
      ],
      displayStyle: .struct)
  }
}
