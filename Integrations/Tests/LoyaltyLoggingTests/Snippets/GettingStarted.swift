// The swift-log block of Docs/GettingStarted.md, "Logging", compiled and run; the root's
// DocumentationTests check that the guide shows it verbatim.

import Logging
import LoyaltyCore
import LoyaltyLogging

func logThroughSwiftLog(
  _ configuration: inout LoyaltyConfiguration, _ overrides: inout CapabilityOverrides
) {
  let logger = Logger(label: "loyalty")
  configuration.logging.level = SwiftLogHandler.level(for: logger)
  overrides.override(.logHandler, with: SwiftLogHandler(logger: logger))
}
