import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Makes unique, time-ordered event ids: 26-character ULIDs (48 bits of milliseconds and
/// 80 random bits, in Crockford's base 32). Ids made in the same millisecond increase.
final class EventIdentifier: Sendable {
  private struct State {
    var lastMilliseconds: UInt64 = 0
    var high: UInt16 = 0
    var low: UInt64 = 0
  }

  private let state = Locked(State())

  func next(at date: Date) -> String {
    let milliseconds = UInt64(saturating: date.timeIntervalSince1970 * 1_000)
    let (time, high, low) = state.withLock { state -> (UInt64, UInt16, UInt64) in
      if milliseconds > state.lastMilliseconds {
        state.lastMilliseconds = milliseconds
        state.high = UInt16.random(in: 0...UInt16.max)
        state.low = UInt64.random(in: 0...(UInt64.max >> 1))
      } else {
        // Same (or earlier) millisecond: keep the time and count up.
        state.low &+= 1
        if state.low == 0 { state.high &+= 1 }
      }
      return (state.lastMilliseconds, state.high, state.low)
    }
    return ULIDText.make(milliseconds: time, high: high, low: low)
  }
}
