import LoyaltyCore
import LoyaltyNetwork
import Testing

// Docs/Metrics.md, reading metrics back in a test.
private func readingBack(
  configuration: LoyaltyConfiguration, modules: [any LoyaltyModule],
  endpoint: Endpoint<ResponseEnvelope>
) async throws {
  let metrics = InMemoryMetricsRecorder()
  var overrides = CapabilityOverrides()
  overrides.override(.metricsRecorder, with: metrics)
  let client = try await LoyaltyClient.start(configuration, modules: modules, overrides: overrides)
  _ = try await client.network.send(endpoint)
  let succeeded = metrics.counter(
    LoyaltyMetric.Name.requests, ["endpoint": "campaigns", "outcome": "success"])
  #expect(succeeded == 1)
}
