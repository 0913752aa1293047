import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The session and code timers, computed from their deadlines on the SDK's clock.
extension FlowRun {
  // MARK: Timers

  /// Starts the session timer: a tick per second computed from the deadline, so time
  /// spent suspended in the background counts.
  func startSession(expiresIn: TimeInterval) {
    sessionTimer?.cancel()
    let deadline = clock.now.addingTimeInterval(expiresIn)
    sessionDeadline = deadline
    let clock = self.clock
    let publisher = self.publisher
    // The first tick is published before this returns, so `sessionSecondsLeft` is known
    // as soon as the client is verified; each later one is computed from the deadline.
    let first = OTPChallenge.wholeSeconds(expiresIn)
    publisher.publish(SessionTick(secondsLeft: first, deadline: deadline))
    sessionTimer = Task { [weak self] in
      var seconds = first
      while !Task.isCancelled {
        if seconds == 0 {
          await self?.sessionExpired()
          return
        }
        let left = deadline.timeIntervalSince(clock.now)
        do {
          try await clock.sleep(for: max(0, left - Double(seconds - 1)))
        } catch {
          return
        }
        seconds = OTPChallenge.wholeSeconds(deadline.timeIntervalSince(clock.now))
        publisher.publish(SessionTick(secondsLeft: seconds, deadline: deadline))
      }
    }
  }

  func checkSession() throws {
    guard let sessionDeadline, clock.now >= sessionDeadline else { return }
    sessionExpired()
    throw endedError()
  }

  private func sessionExpired() {
    fail(
      .sessionExpired,
      LoyaltyError(
        .flowSessionExpired, "Session expired.",
        recoverySuggestion: "Start the flow again."))
  }

  func startCodeTimer(_ challenge: OTPChallenge) {
    codeTimer?.cancel()
    let clock = self.clock
    codeTimer = Task { [weak self] in
      let left = challenge.expiresAt.timeIntervalSince(clock.now)
      if left > 0 {
        do { try await clock.sleep(for: left) } catch { return }
      }
      await self?.codeTimedOut(challenge)
    }
  }

  private func codeTimedOut(_ challenge: OTPChallenge) {
    guard state == .awaitingCode(challenge) else { return }
    publisher.publish(.codeExpired(challenge))
  }
}
