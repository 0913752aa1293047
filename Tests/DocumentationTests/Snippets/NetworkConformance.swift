import LoyaltyConformance
import Testing

@Test func myTransportConforms() async throws {
  // maxBodySize (64 KiB by default) is put in each configuration as maxResponseBytes;
  // slack (5 s by default) bounds the cancellation and deadline checks: raise it on a
  // loaded machine or under a sanitizer.
  try await HTTPTransportConformance.check(maxBodySize: 64 * 1_024, slack: .seconds(5)) {
    configuration in
    MyTransport(
      requestTimeout: configuration.requestTimeout,
      maxBodySize: configuration.maxResponseBytes)
  }
}
