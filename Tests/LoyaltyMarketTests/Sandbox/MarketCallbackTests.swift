import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltySandbox
import Testing

@Suite("Market: every public call, callback variant")
struct MarketCallbackTests {
  /// What a callback delivered, and whether it ran on the host's queue.
  struct Delivery: Sendable {
    let failure: LoyaltyError?
    let onHostQueue: Bool
  }

  /// Makes `call`'s callback variant on a queue of the host's and waits for it.
  static func deliver(_ call: MarketCall, _ harness: MarketHarness) async throws -> Delivery {
    let market = try harness.client.market
    let queue = DispatchQueue(label: "host.callbacks.\(call.operation)")
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    let backend = harness.backend
    return try await withCheckedThrowingContinuation { continuation in
      Task {
        do {
          try await call.sendWithCallback(market, backend, queue) { failure in
            continuation.resume(
              returning: Delivery(
                failure: failure, onHostQueue: DispatchQueue.getSpecific(key: key) == true))
          }
        } catch {
          continuation.resume(throwing: error)
        }
      }
    }
  }

  @Test("succeeds on the host's queue", arguments: MarketCall.all)
  func succeeds(call: MarketCall) async throws {
    let harness = try await MarketHarness.start()
    if call.needsSession { try await harness.login() }
    let delivery = try await Self.deliver(call, harness)
    #expect(delivery.failure == nil, "\(String(describing: delivery.failure))")
    #expect(delivery.onHostQueue)
    #expect(harness.backend.counters.requests(to: call.endpoint) >= 1)
    #expect(
      try await harness.analyticsNames().contains("custom_success_\(call.operation)_loyalty"))
    await harness.client.shutdown()
  }

  @Test(
    "an HTTP error arrives as a LoyaltyError whose seedCode is the status",
    arguments: MarketCall.all)
  func httpError(call: MarketCall) async throws {
    let harness = try await MarketHarness.start()
    if call.needsSession { try await harness.login() }
    // Enough for a read's retries; a write is not retried after a 5xx.
    harness.backend.failNext(3, with: .status(503), on: .endpoint(call.endpoint))
    let delivery = try await Self.deliver(call, harness)
    let failure = try #require(delivery.failure)
    #expect(failure.code == .httpStatus, "\(failure)")
    #expect(failure.seedCode == 503)
    #expect(delivery.onHostQueue)
    await harness.client.shutdown()
  }

  @Test("register checks its arguments before sending, in both variants")
  func registerValidation() async throws {
    let harness = try await MarketHarness.start()
    let market = try harness.client.market
    for (email, password) in [("not-an-email", "long-enough"), ("a@b.test", "")] {
      let failure: LoyaltyError? = await withCheckedContinuation { continuation in
        market.run(
          on: DispatchQueue(label: "host"),
          { try await $0.register(email: email, password: password) }
        ) { continuation.resume(returning: $0.failure) }
      }
      #expect(failure?.code == .invalidArgument)
      #expect(failure?.seedCode == nil)
    }
    #expect(harness.backend.counters.requests(to: .register) == 0)
    await harness.client.shutdown()
  }
}
