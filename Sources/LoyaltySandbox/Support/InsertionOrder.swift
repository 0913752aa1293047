/// Keys in the order they were added, so that a keyed store kept within a bound can
/// forget its oldest entries first. Keys the store removed meanwhile may still be
/// listed; the store skips them, and ``compact(liveCount:isLive:)`` drops them once they
/// outnumber the live ones.
struct InsertionOrder: Sendable {
  private var keys: [String] = []
  private var head = 0

  /// The keys listed, stale ones included.
  var count: Int { keys.count - head }

  /// Lists `key` as the newest.
  mutating func append(_ key: String) {
    keys.append(key)
  }

  /// The oldest key listed, taken off the list; `nil` when the list is empty.
  mutating func removeOldest() -> String? {
    guard head < keys.count else { return nil }
    let key = keys[head]
    head += 1
    // Reclaims the consumed prefix now and then: amortised O(1) per key.
    if head >= 1_024, head * 2 >= keys.count {
      keys.removeFirst(head)
      head = 0
    }
    return key
  }

  /// Drops the keys `isLive` rejects once the list holds more than twice `liveCount`
  /// (and at least 1,024) keys, so that removed keys cannot make it grow without bound.
  mutating func compact(liveCount: Int, isLive: (String) -> Bool) {
    guard count > 2 * max(liveCount, 512) else { return }
    keys = keys[head...].filter(isLive)
    head = 0
  }
}
