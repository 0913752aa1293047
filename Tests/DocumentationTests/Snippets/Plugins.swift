import Foundation
import LoyaltyCore

func loadBundledConfiguration() throws -> LoyaltyConfiguration {
  let configuration = try LoyaltyConfiguration.bundled()
  print(LoyaltyConfiguration.bundledSource)  // "loyalty.json", or the environment's file
  return configuration
}

// What LoyaltyConfigurationPlugin generates in a host's target from its loyalty.json
// (BundledConfigurationRenderer), here written out for the guide's block to call.
extension LoyaltyConfiguration {
  static let bundledSource = "loyalty.json"

  static func bundled() throws -> LoyaltyConfiguration {
    try LoyaltyConfiguration(jsonData: Data(bundledJSON.utf8))
  }

  private static let bundledJSON = #"""
    {"appUUID": "0123456789abcdef0123456789abcdef", "bundleID": "com.example.app"}
    """#
}
