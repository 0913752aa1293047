import Foundation
import LoyaltyCore

func makeConfiguration() throws -> LoyaltyConfiguration {
  var configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef",
    merchantID: "merchant-1",
    apiKey: ProcessInfo.processInfo.environment["LOYALTY_API_KEY"] ?? "",
    bundleID: "com.example.app",
    environment: .production,
    language: "en",
    preset: .production)
  configuration.network.requestTimeout = 20  // any field, after the preset
  try configuration.validate()
  return configuration
}
