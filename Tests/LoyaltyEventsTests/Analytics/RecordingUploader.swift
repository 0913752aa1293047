import Foundation
import LoyaltyCore

/// A scripted server for pipeline tests: decides each upload's outcome, records every
/// batch, de-duplicates by id, and measures uploads in flight.
final class RecordingUploader: AnalyticsUploader {
  typealias Script = @Sendable ([QueuedEvent]) -> AnalyticsUploadOutcome

  private struct State {
    var batches: [[String]] = []
    var received: Set<String> = []
    var duplicates = 0
    var inFlight = 0
    var maximumInFlight = 0
    var maximumBytes = 0
  }

  private let state = Locked(State())
  private let script: Script
  private let latency: Duration

  init(latency: Duration = .zero, script: @escaping Script = { _ in .accepted(duplicates: 0) }) {
    self.latency = latency
    self.script = script
  }

  func upload(_ events: [QueuedEvent]) async -> AnalyticsUploadOutcome {
    state.withLock { state in
      state.inFlight += 1
      state.maximumInFlight = max(state.maximumInFlight, state.inFlight)
      state.maximumBytes = max(state.maximumBytes, events.map(\.payload.count).reduce(13, +))
    }
    if latency > .zero {
      try? await Task.sleep(for: latency)
    }
    let outcome = script(events)
    state.withLock { state in
      state.inFlight -= 1
      state.batches.append(events.map(\.id))
      if case .accepted = outcome {
        for event in events where !state.received.insert(event.id).inserted {
          state.duplicates += 1
        }
      }
    }
    return outcome
  }

  var batches: [[String]] { state.withLock { $0.batches } }
  var received: Set<String> { state.withLock { $0.received } }
  var maximumInFlight: Int { state.withLock { $0.maximumInFlight } }
  var maximumBytes: Int { state.withLock { $0.maximumBytes } }
}
