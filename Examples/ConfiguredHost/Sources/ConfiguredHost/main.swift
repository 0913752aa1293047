// Prints the configuration LoyaltyConfigurationPlugin bundled from loyalty.json.

import LoyaltyCore

let configuration = try LoyaltyConfiguration.bundled()
print("source: \(LoyaltyConfiguration.bundledSource)")
print("appUUID: \(configuration.appUUID)")
print("environment: \(configuration.environment)")
print("configuration: \(configuration)")
