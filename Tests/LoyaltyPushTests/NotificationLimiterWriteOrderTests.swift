import Foundation
import LoyaltyCore
import Testing

/// The limiter's writes reach its store one at a time, each with the whole history as
/// it is then: with two in flight, the older could land last and lose a record, and a
/// restarted limiter would let one notification too many through.
@Suite("NotificationLimiter writes in order")
struct NotificationLimiterWriteOrderTests {
  static func limiter(store: HoldingFirstWriteStore) -> NotificationLimiter {
    NotificationLimiter(
      limits: NotificationLimits(perDay: 5, merchantCooldown: 0, allowedHours: 0..<24),
      store: store, clock: ManualClock(start: Date(timeIntervalSince1970: 1_804_680_000)),
      timeZone: NotificationLimiterTests.utc)
  }

  /// Waits, at most `tries` turns of 5 ms, until the store has started `count` writes.
  static func waitForWrites(_ store: HoldingFirstWriteStore, _ count: Int, tries: Int) async
    -> Bool
  {
    for _ in 0..<tries {
      if await store.startedWrites >= count { return true }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return await store.startedWrites >= count
  }

  @Test("a second record waits for the first write, and the last write holds both")
  func secondWaitsForFirst() async throws {
    let store = HoldingFirstWriteStore()
    let limiter = Self.limiter(store: store)
    let first = Task { try await limiter.requestPermission(merchantID: "a") }
    #expect(await Self.waitForWrites(store, 1, tries: 1_000))
    let second = Task { try await limiter.requestPermission(merchantID: "b") }
    // The second record is reserved in memory; its write must not start while the first
    // is held.
    var reserved = false
    for _ in 0..<1_000 where !reserved {
      reserved = try await limiter.counts().day == 2
      if !reserved { try await Task.sleep(for: .milliseconds(5)) }
    }
    #expect(reserved)
    #expect(await !Self.waitForWrites(store, 2, tries: 40))
    await store.release()
    #expect(try await first.value == .allowed)
    #expect(try await second.value == .allowed)
    let restarted = NotificationLimiter(
      store: store, clock: ManualClock(start: Date(timeIntervalSince1970: 1_804_680_000)),
      timeZone: NotificationLimiterTests.utc)
    #expect(try await restarted.counts().day == 2)
  }

  @Test("an erase while a write is in flight leaves nothing in the store")
  func eraseAfterWriteInFlight() async throws {
    let store = HoldingFirstWriteStore()
    let limiter = Self.limiter(store: store)
    let first = Task { try await limiter.requestPermission(merchantID: "a") }
    #expect(await Self.waitForWrites(store, 1, tries: 1_000))
    let erase = Task { try await limiter.eraseHistory() }
    #expect(await !Self.waitForWrites(store, 2, tries: 40))
    await store.release()
    _ = try await first.value
    try await erase.value
    #expect(await store.stored == nil)
  }
}

/// A store that holds its first write until released, and counts the writes that
/// started (a removal counts as one).
actor HoldingFirstWriteStore: KeyValueStore {
  private var values: [String: Data] = [:]
  private var held: CheckedContinuation<Void, Never>?
  private var isReleased = false
  private(set) var startedWrites = 0

  /// What the limiter stored, if anything.
  var stored: Data? { values.first?.value }

  func release() {
    isReleased = true
    held?.resume()
    held = nil
  }

  func data(forKey key: String) async throws -> Data? { values[key] }

  func set(_ data: Data, forKey key: String) async throws {
    startedWrites += 1
    if startedWrites == 1, !isReleased {
      await withCheckedContinuation { held = $0 }
    }
    values[key] = data
  }

  func removeValue(forKey key: String) async throws {
    startedWrites += 1
    values[key] = nil
  }

  func keys() async throws -> [String] { values.keys.sorted() }
}
