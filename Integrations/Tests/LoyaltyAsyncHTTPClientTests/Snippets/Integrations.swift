// The blocks of Docs/Integrations.md, compiled; the root's DocumentationTests check that
// the guide shows them verbatim.

import Logging
import LoyaltyAsyncHTTPClient
import LoyaltyCore
import LoyaltyLogging
import LoyaltyMarket
import LoyaltyMetrics
import LoyaltyNetwork

func startClient(for tenant: Tenant) async throws -> LoyaltyClient {
  let logger = Logger(label: "loyalty.\(tenant.name)")
  var configuration = tenant.configuration
  // The SDK makes exactly the records this logger writes.
  configuration.logging.level = SwiftLogHandler.level(for: logger)

  var overrides = CapabilityOverrides()
  overrides.override(.logHandler, with: SwiftLogHandler(logger: logger))
  overrides.override(.metricsRecorder, with: SwiftMetricsRecorder())
  return try await LoyaltyClient.start(
    configuration,
    modules: [NetworkModule(transport: .asyncHTTPClient()), MarketModule()],
    overrides: overrides)
}

/// A tenant of the guide's multi-tenant server.
struct Tenant {
  var name: String
  var configuration: LoyaltyConfiguration
}
