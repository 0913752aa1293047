import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Holds a client's requests back until its device registration at start has finished,
/// so that the registration is the first request the backend sees (the seed's
/// `initialize()` registers the device before anything else).
///
/// The network module closes the gate when it builds the client with
/// ``LoyaltyCore/DeviceConfiguration/registersAtStart`` on, and the registration opens it
/// when its attempt ends: answered, failed, cancelled or timed out. A request that finds
/// it closed waits at most `network.requestTimeout`; when that wait runs out, the gate
/// opens for every request. Once open it stays open, and a request pays one uncontended
/// lock for it.
final class RegistrationGate: Sendable {
  private let isOpen = Locked(true)
  private let waiters = Locked<[CheckedContinuation<Void, Never>]>([])

  /// Holds requests back from now until ``open()``.
  func close() {
    waiters.withLock { _ in isOpen.withLock { $0 = false } }
  }

  /// Lets every request through, now and from now on.
  func open() {
    let waiting = waiters.withLock { waiters in
      isOpen.withLock { $0 = true }
      defer { waiters.removeAll() }
      return waiters
    }
    for waiter in waiting { waiter.resume() }
  }

  /// Returns once the gate is open, or after `seconds`, whichever comes first (a wait
  /// that runs out opens the gate).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/cancelled`` when the caller is cancelled
  ///   while it waits.
  func pass(atMost seconds: TimeInterval, logger: LoyaltyLogger) async throws {
    guard !isOpen.withLock({ $0 }) else { return }
    do {
      try await withDeadline(
        seconds, error: LoyaltyError(.timedOut, "The device registration at start is slow.")
      ) { [self] in
        await opened()
      }
    } catch is CancellationError {
      throw LoyaltyError(
        .cancelled, "The request was cancelled while it waited for the device registration.")
    } catch {
      open()
      logger.debug(
        "The device registration at start did not finish within the request timeout; "
          + "requests go on without waiting for it.")
    }
  }

  private func opened() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = waiters.withLock { waiters -> Bool in
        if isOpen.withLock({ $0 }) { return true }
        waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}
