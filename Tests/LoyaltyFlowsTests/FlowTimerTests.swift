import Foundation
import LoyaltyCore
import LoyaltyFlows
import Testing

@Suite("Flow timers")
struct FlowTimerTests {
  @Test("the session timer ticks per second on the SDK's clock and computes from its deadline")
  func ticks() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    #expect(run.sessionSecondsLeft == nil)
    try await run.start()
    // Known as soon as the client is verified, before the timer's task has run.
    #expect(run.sessionSecondsLeft == 300)
    await harness.waitUntil { harness.clock.sleeperCount == 1 }
    var ticks = run.sessionTicks().makeAsyncIterator()
    #expect(await ticks.next()?.secondsLeft == 300)
    harness.clock.advance(by: 1)
    #expect(await ticks.next()?.secondsLeft == 299)
    // A long suspension (the app in the background): one wake-up, from the deadline.
    await harness.waitUntil { harness.clock.sleeperCount == 1 }
    harness.clock.advance(by: 200)
    #expect(await ticks.next()?.secondsLeft == 99)
    #expect(run.sessionSecondsLeft == 99)
  }

  @Test("the session expiring mid-flow ends it with sessionExpired")
  func sessionExpiresMidFlow() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    try await run.start()
    try await run.requestCode()
    try await run.submitCode(ScriptedFlowBackend.code)
    await harness.waitUntil { harness.clock.sleeperCount == 1 }
    harness.clock.advance(by: 301)
    guard case .failure(let failure) = await run.outcome else {
      Issue.record("the run did not fail")
      return
    }
    #expect(failure.reason == .sessionExpired)
    #expect(failure.error.code == .flowSessionExpired)
    await expectCode(.flowInputRefused) { try await run.submitPIN("2580", confirmation: "2580") }
    #expect(harness.recorder.all.count == 1)
  }

  @Test("the code expires while waiting; resend is refused early, then accepted")
  func codeExpiryAndResend() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    try await run.start()
    try await run.requestCode()
    do {
      try await run.resendCode()
      Issue.record("an early resend was accepted")
    } catch let error as LoyaltyError {
      #expect(error.code == .resendTooEarly)
      #expect(error.metadata["secondsLeft"] == "30")
    }
    await harness.waitUntil { harness.clock.sleeperCount == 2 }
    harness.clock.advance(by: 121)
    await harness.waitUntil {
      if case .codeExpired = run.state { return true }
      return false
    }
    guard case .codeExpired = run.state else {
      Issue.record("the code did not expire: \(run.state)")
      return
    }
    await expectCode(.flowInputRefused) { try await run.submitCode(ScriptedFlowBackend.code) }
    try await run.resendCode()
    guard case .awaitingCode(let fresh) = run.state else {
      Issue.record("no new code: \(run.state)")
      return
    }
    #expect(fresh.secondsUntilExpiry(at: harness.clock.now) == 120)
    try await run.submitCode(ScriptedFlowBackend.code)
    #expect(run.state == .awaitingPIN(.new))
  }
}
