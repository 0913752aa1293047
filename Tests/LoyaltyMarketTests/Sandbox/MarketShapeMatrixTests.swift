import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// Every call of the market against a sandbox answering in each envelope and each list
/// form, compared with what it decodes from the sandbox's own answers (`context`,
/// `keyed`): the forms other backends built from the same contract answer in.
@Suite("Market: every call, in every envelope and list form")
struct MarketShapeMatrixTests {
  /// What each call decoded, or how it failed, by operation.
  typealias Outcomes = [String: Result<DecodedAnswer, any Error>]

  /// Runs every call of ``MarketCall/all``, in order, logged in as user 1, against a
  /// sandbox answering in `envelope` and `form` on `clock`.
  static func outcomes(
    _ envelope: SandboxEnvelope, _ form: SandboxListForm, objects: SandboxObjectForm = .own,
    clock: ManualClock
  ) async throws -> Outcomes {
    let harness = try await MarketHarness.start(
      envelope: envelope, listForm: form, objectForm: objects, clock: clock)
    #expect(harness.backend.configuration.objectForm == objects)
    #expect(harness.backend.configuration.envelope == envelope)
    #expect(harness.backend.configuration.listForm == form)
    try await harness.login()
    let market = try harness.client.market
    var outcomes: Outcomes = [:]
    for call in MarketCall.all {
      do {
        outcomes[call.operation] = .success(try await call.decode(market, harness.backend))
      } catch {
        outcomes[call.operation] = .failure(error)
      }
    }
    await harness.client.shutdown()
    return outcomes
  }

  @Test("a call that reads an answer's list says how; one that reads none, that it does not")
  func listUse() {
    for call in MarketCall.all {
      #expect(
        (call.use == .none) == (call.endpoint.listKey == nil), "\(call.operation): \(call.use)")
    }
  }

  @Test("the comparison: whole lists, the first alone, siblings kept or dropped")
  func comparison() {
    let keyed = DecodedAnswer(elements: ["a", "b"], siblings: [120])
    func mismatch(
      _ elements: [String], _ siblings: [Int] = [120], use: DecodedAnswer.ListUse = .whole,
      firstOnly: Bool = false, keepsSiblings: Bool = true
    ) -> String? {
      DecodedAnswer(elements: elements, siblings: siblings).mismatch(
        with: keyed, use: use, firstOnly: firstOnly, keepsSiblings: keepsSiblings)
    }
    #expect(mismatch(["a", "b"]) == nil)
    #expect(mismatch(["a"]) != nil)
    #expect(mismatch(["b", "a"]) != nil)
    #expect(mismatch(["a", "b"], [0]) != nil)
    #expect(mismatch(["a", "b"], [0], keepsSiblings: false) == nil)
    #expect(mismatch(["a"], firstOnly: true) == nil)
    #expect(mismatch(["b"], firstOnly: true) == nil)
    #expect(mismatch([], firstOnly: true) != nil)
    #expect(mismatch(["c"], firstOnly: true) != nil)
    #expect(mismatch(["a", "b"], firstOnly: true) != nil)
    #expect(mismatch(["a", "b"], use: .merged(answers: 2), firstOnly: true) == nil)
    #expect(mismatch([], use: .merged(answers: 2), firstOnly: true) != nil)
    #expect(mismatch([], use: .picked(atMost: 1), firstOnly: true) == nil)
    #expect(mismatch(["a", "b"], use: .picked(atMost: 1), firstOnly: true) != nil)
    #expect(mismatch([], [0], use: .none, keepsSiblings: false) != nil)
  }

  @Test(
    "each call decodes from every envelope and list form what it decodes from keyed answers",
    arguments: SandboxEnvelope.allCases, SandboxListForm.allCases)
  func matrix(envelope: SandboxEnvelope, form: SandboxListForm) async throws {
    try await compare(envelope, form, objects: .own)
  }

  @Test(
    "each call decodes from every object form what it decodes from the sandbox's own",
    arguments: SandboxEnvelope.allCases, SandboxObjectForm.allCases.filter { $0 != .own })
  func objectMatrix(envelope: SandboxEnvelope, objects: SandboxObjectForm) async throws {
    try await compare(envelope, .keyed, objects: objects)
    // Bare objects beside bare lists: the backend of the report this form comes from.
    try await compare(envelope, .bare, objects: objects)
  }

  /// Runs every call against the sandbox's own answers and against `envelope`, `form` and
  /// `objects`, and records every call whose values differ or that fails.
  func compare(
    _ envelope: SandboxEnvelope, _ form: SandboxListForm, objects: SandboxObjectForm
  ) async throws {
    // One clock, stopped, for both sandboxes: what a call stamps (a redemption, a card) is
    // the same in both.
    let clock = ManualClock(start: Date())
    let reference = try await Self.outcomes(.context, .keyed, clock: clock)
    let variant = try await Self.outcomes(envelope, form, objects: objects, clock: clock)
    for call in MarketCall.all {
      guard case .success(let expected)? = reference[call.operation] else {
        let outcome = reference[call.operation].map { "\($0)" } ?? "did not run"
        Issue.record("\(call.operation) fails on the keyed answers: \(outcome)")
        continue
      }
      switch variant[call.operation] {
      case .success(let decoded)?:
        if let problem = decoded.mismatch(
          with: expected, use: call.use, firstOnly: form == .single, keepsSiblings: form != .bare)
        {
          Issue.record("\(call.operation), \(envelope), \(form), \(objects): \(problem)")
        }
      case .failure(let error)?:
        Issue.record("\(call.operation), \(envelope), \(form), \(objects) fails: \(error)")
      case nil:
        Issue.record("\(call.operation) did not run")
      }
    }
  }
}
