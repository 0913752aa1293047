import Foundation
import Testing

@testable import LoyaltyEvents

/// The ids of one millisecond: ULID's monotonic rule, the random part plus one.
@Suite("EventIdentifier")
struct EventIdentifierTests {
  static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

  /// The 80-bit random part of a ULID (its last 16 characters), as (high 16, low 64).
  static func randomPart(_ id: String) -> (high: UInt64, low: UInt64)? {
    var high: UInt64 = 0
    var low: UInt64 = 0
    for character in id.suffix(16) {
      guard let digit = alphabet.firstIndex(of: character) else { return nil }
      high = (high << 5) | (low >> 59)
      low = (low << 5) | UInt64(digit)
    }
    return (high, low)
  }

  @Test("ids of one millisecond keep its time and count up by one")
  func sameMillisecondCountsUpByOne() throws {
    let identifiers = EventIdentifier()
    let now = Date(timeIntervalSince1970: 1_800_000_000.123)
    let ids = (0..<64).map { _ in identifiers.next(at: now) }
    for (earlier, later) in zip(ids, ids.dropFirst()) {
      #expect(earlier.prefix(10) == later.prefix(10), "the same time part")
      let first = try #require(Self.randomPart(earlier))
      let second = try #require(Self.randomPart(later))
      let carry: UInt64 = first.low == .max ? 1 : 0
      #expect(second.low == first.low &+ 1 && second.high == first.high + carry)
    }
  }
}
