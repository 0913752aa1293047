import Foundation
import LoyaltyCore

enum FuzzConfiguration {
  static func run(_ data: Data) {
    guard let configuration = try? LoyaltyConfiguration(jsonData: data) else { return }
    _ = configuration.validationErrors()
    _ = try? configuration.validate()
    _ = configuration.summaryText
    _ = configuration.baseURL
    _ = configuration.secrets
    _ = configuration.environment.description
    for preset in LoyaltyConfiguration.Preset.allCases {
      _ = configuration.applying(preset).validationErrors()
    }
    // What the configuration writes, it reads back.
    guard let written = try? configuration.jsonData() else {
      check(false, "a decoded configuration could not be encoded")
      return
    }
    let again = try? LoyaltyConfiguration(jsonData: written)
    check(again != nil, "a configuration could not read back what it wrote")
  }
}
