import Foundation
import LoyaltyCore
import LoyaltyTestSupport

/// A market cache in front of ``InMemoryMarketCache`` that can hold one look for a stored
/// answer: the look reads the cache when it is made, then waits at a gate before it returns
/// what it read. A read held there has seen the cache as it was, while the test lets another
/// read change it: the moments between a read's first look and its flight.
final class LookHoldingCache: MarketCache {
  private struct State {
    /// The gate the next look waits at, once ``holdNextLook()`` armed it.
    var armed: AsyncGate?
    /// The gate the look held now waits at.
    var holding: AsyncGate?
    var held = 0
    var looks = 0
  }

  private let inner = InMemoryMarketCache()
  private let state = Locked(State())

  /// Holds the next look, until ``release()``.
  func holdNextLook() {
    state.withLock { $0.armed = AsyncGate() }
  }

  /// The looks held so far.
  var held: Int { state.withLock { $0.held } }

  /// The looks made so far.
  var looks: Int { state.withLock { $0.looks } }

  /// Lets the held look return.
  func release() {
    state.withLock { state in
      defer { state.holding = nil }
      return state.holding
    }?.open()
  }

  /// Waits until `count` looks were held, for 10 s at most.
  func waitForHeld(_ count: Int) async throws {
    for _ in 0..<1_000 where held < count {
      try await Task.sleep(for: .milliseconds(10))
    }
    if held < count { throw LoyaltyError(.timedOut, "No look was held within 10 s.") }
  }

  func answer(forKey key: String, owner: String) async throws -> CachedAnswer? {
    let seen = await inner.answer(forKey: key, owner: owner)
    let gate = state.withLock { state -> AsyncGate? in
      state.looks += 1
      guard let gate = state.armed else { return nil }
      state.armed = nil
      state.holding = gate
      state.held += 1
      return gate
    }
    await gate?.wait()
    return seen
  }

  func store(_ answer: CachedAnswer) async throws {
    await inner.store(answer)
  }

  func removeAnswer(forKey key: String, owner: String) async throws {
    await inner.removeAnswer(forKey: key, owner: owner)
  }

  func removeAnswers(keepingOwners owners: Set<String>) async throws {
    await inner.removeAnswers(keepingOwners: owners)
  }

  func answers() async throws -> [CachedAnswer] {
    await inner.answers()
  }
}
