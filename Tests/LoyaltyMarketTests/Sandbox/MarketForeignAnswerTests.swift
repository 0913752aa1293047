import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// Every public call answered with an empty success or with another call's answer (a list
/// of merchants under `MAPP_SHOPS` and as `result`): it fails with a typed error naming
/// the call, or answers and reports the drift; it never answers silently with values the
/// server did not send for it.
@Suite("Market: every public call, answered with nothing or with another call's answer")
struct MarketForeignAnswerTests {
  /// The answers a backend gives instead of the call's own.
  static let answers: [SandboxFault] = [.emptySuccess, .otherCallAnswer]

  /// The calls that read the envelope's status alone: nothing in the answer can be foreign.
  static let statusOnly = MarketCallDriftTests.statusOnly.union(["register", "request_otp"])

  @Test(
    "a typed failure, or drift reported: never a silent answer",
    arguments: MarketCall.all, Self.answers)
  func foreignAnswer(call: MarketCall, answer: SandboxFault) async throws {
    let harness = try await MarketHarness.start()
    if call.needsSession { try await harness.login() }
    harness.backend.failNext(with: answer, on: .endpoint(call.endpoint))
    let delivery = try await MarketCallbackTests.deliver(call, harness)
    let name = MarketCallDriftTests.answeringEndpoint(of: call)
    let drift = try harness.client.market.drift.snapshot().entries.filter { $0.call == name }
    #expect(harness.backend.counters.faultsInjected == 1, "the foreign answer was sent")

    if Self.statusOnly.contains(call.operation)
      || (answer == .otherCallAnswer && call.endpoint == .merchants)
    {
      // A status is all these read; the merchants call reads its own kind of answer.
      return await harness.client.shutdown()
    }
    if let failure = delivery.failure {
      #expect(
        [.missingField, .decodingFailed].contains(failure.code), "\(call.operation): \(failure)")
      #expect(failure.metadata["call"] == name, "\(failure)")
    } else {
      #expect(!drift.isEmpty, "\(call.operation) took \(answer) without a word")
    }
    await harness.client.shutdown()
  }
}
