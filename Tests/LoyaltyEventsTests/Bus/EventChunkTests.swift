import Testing

@testable import LoyaltyEvents

@Suite("EventChunk")
struct EventChunkTests {
  @Test("a long run of chunks behind a released reader is freed without recursing")
  func longRunIsFreedIteratively() {
    // A subscription that falls far behind holds one chunk per batch the others took;
    // freeing them recursively would overflow the stack long before a million.
    let last = EventChunk(first: 0, events: [])
    var first: EventChunk? = EventChunk(first: 0, events: [])
    var current = first
    for _ in 0..<1_000_000 {
      let next = EventChunk(first: 0, events: [])
      current?.link(next)
      current = next
    }
    current?.link(last)
    current = nil
    first = nil
    #expect(first == nil)
    #expect(last.next == nil)
  }
}
