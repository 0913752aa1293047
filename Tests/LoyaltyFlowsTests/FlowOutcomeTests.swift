import Dispatch
import Foundation
import LoyaltyCore
import LoyaltyFlows
import Testing

@Suite("Flow outcome channel")
struct FlowOutcomeTests {
  @Test("a cancel during submit ends the run once, as a user cancel")
  func cancelDuringSubmit() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    try await run.start()
    try await run.requestCode()
    try await run.submitCode(ScriptedFlowBackend.code)
    harness.backend.hold("/SetPin")
    let submit = Task { try await run.submitPIN("2580", confirmation: "2580") }
    await harness.waitUntil { !harness.backend.requests(containing: "/SetPin").isEmpty }
    #expect(run.state == .submittingPIN)
    await run.cancel()
    do {
      try await submit.value
      Issue.record("the submit succeeded after the cancel")
    } catch let error as LoyaltyError {
      #expect(error.code == .flowCancelled)
    }
    #expect(await run.outcome == .userCancel)
    #expect(harness.recorder.all == [.userCancel])
  }

  @Test("a cancel racing a success delivers exactly one outcome", arguments: 0..<25)
  func cancelRacingSuccess(round: Int) async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    try await run.start()
    try await run.requestCode()
    try await run.submitCode(ScriptedFlowBackend.code)
    async let submitted: Void = run.submitPIN("2580", confirmation: "2580")
    async let cancelled: Void = run.cancel()
    _ = try? await submitted
    await cancelled
    let outcome = await run.outcome
    #expect(outcome == .userCancel || outcome == .success(.pinSet))
    #expect(harness.recorder.all == [outcome])
  }

  @Test("callbacks run on the queue the host chose")
  func deliveredOnQueue() async throws {
    let harness = try await FlowHarness.make()
    let queue = DispatchQueue(label: "host.flows")
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    let onQueue = Locked<[Bool]>([])
    let run = try harness.client.flows.setPIN(
      wToken: "w",
      callbacks: FlowCallbacks(
        delivery: .queue(queue), onSuccess: { _ in },
        onFailed: { _ in },
        onUserCancel: {
          onQueue.withLock { $0.append(DispatchQueue.getSpecific(key: key) == true) }
        }))
    try await run.start()
    await run.cancel()
    await harness.waitUntil { !onQueue.withLock { $0.isEmpty } }
    queue.sync {}
    #expect(onQueue.withLock { $0 } == [true])
  }
}
