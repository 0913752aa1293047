extension LoyaltyConfiguration {
  /// The configuration as flat `key: value` pairs for diagnostics, with the API key
  /// masked. Safe to log or show on a support screen.
  public var summary: [String: String] {
    let base = [
      "appUUID": appUUID,
      "merchantID": merchantID,
      "apiKey": apiKey.isEmpty ? "<empty>" : "<masked, \(apiKey.count) characters>",
      "bundleID": bundleID,
      "environment": environment.description,
      "language": language,
      "database.encryptionEnabled": String(database.encryptionEnabled),
      "database.walMode": String(database.walMode),
      "database.cacheSizeKiB": String(database.cacheSizeKiB),
      "database.busyTimeout": "\(database.busyTimeout) s",
      "database.directory": database.directory ?? "<platform default>",
      "token.maxRetryAttempts": String(token.maxRetryAttempts),
      "token.retryDelays": token.retryDelays.map { "\($0) s" }.joined(separator: ", "),
      "token.circuitBreaker": "\(token.circuitBreakerThreshold) failures, "
        + "\(token.circuitBreakerResetTime) s",
      "token.refreshThreshold": "\(token.refreshThreshold) s",
      "token.loginTimeout": "\(token.loginTimeout) s",
      "network.requestTimeout": "\(network.requestTimeout) s",
      "network.resourceTimeout": "\(network.resourceTimeout) s",
      "network.maxRetryAttempts": String(network.maxRetryAttempts),
      "network.maxConcurrentRequests": String(network.maxConcurrentRequests),
      "network.maxResponseBytes": String(network.maxResponseBytes),
      "network.allowsCellularAccess": String(network.allowsCellularAccess),
      "network.responseCaching": String(network.responseCaching),
      "logging.level": logging.level.rawValue,
      "logging.fileLogging": logging.fileLogging
        ? "true (\(logging.maxFileSize) bytes, \(logging.maxFiles) files)" : "false",
      "privacy.enabled": privacy.enabled.description,
      "cache.policy": cache.policy.rawValue,
      "cache.maximumAge": "\(cache.maximumAge) s",
    ]
    var partnerSummary: [String: String] = [:]
    if let partner {
      partnerSummary["partner.username"] = partner.username
      partnerSummary["partner.password"] =
        partner.password.isEmpty ? "<empty>" : "<masked, \(partner.password.count) characters>"
    }
    return base.merging(device.summary) { first, _ in first }
      .merging(partnerSummary) { first, _ in first }
  }

  /// ``summary`` as sorted `key: value` lines.
  public var summaryText: String {
    summary.sortedPairs(": ", separator: "\n")
  }
}
