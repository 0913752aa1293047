import Foundation
import LoyaltyCore
import Testing

@Suite("ManualClock")
struct ManualClockTests {
  @Test("sleepers wake when the clock passes their deadline, not before")
  func advanceWakesSleepers() async throws {
    let clock = ManualClock()
    let start = clock.now
    let sleeper = Task { try await clock.sleep(for: 10) }
    while clock.sleeperCount == 0 { await Task.yield() }
    clock.advance(by: 5)
    #expect(clock.sleeperCount == 1)
    clock.advance(by: 5)
    try await sleeper.value
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == start.addingTimeInterval(10))
  }

  @Test("cancelling a sleeper throws CancellationError and removes it")
  func cancellation() async throws {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(for: 60) }
    while clock.sleeperCount == 0 { await Task.yield() }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test("a zero sleep returns at once")
  func zeroSleep() async throws {
    try await ManualClock().sleep(for: 0)
    try await SystemClock().sleep(for: 0)
  }
}
