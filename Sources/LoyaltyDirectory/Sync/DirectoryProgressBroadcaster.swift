import LoyaltyCore

/// Hands sync progress to every stream asked for, each keeping only the newest reports
/// when its reader is slow (bounded), and ends them all at shutdown.
final class DirectoryProgressBroadcaster: Sendable {
  private struct State {
    var next = 0
    var continuations: [Int: AsyncStream<DirectorySyncProgress>.Continuation] = [:]
    var finished = false
  }

  private let state = Locked(State())

  /// A new stream of progress reports; it ends at shutdown.
  func stream() -> AsyncStream<DirectorySyncProgress> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: DirectorySyncProgress.self, bufferingPolicy: .bufferingNewest(32))
    let id = state.withLock { state -> Int? in
      guard !state.finished else { return nil }
      state.next += 1
      state.continuations[state.next] = continuation
      return state.next
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// Sends `progress` to every stream.
  func send(_ progress: DirectorySyncProgress) {
    for continuation in state.withLock({ Array($0.continuations.values) }) {
      continuation.yield(progress)
    }
  }

  /// Ends every stream; later ones end at once.
  func finish() {
    let all = state.withLock { state in
      state.finished = true
      defer { state.continuations.removeAll() }
      return Array(state.continuations.values)
    }
    for continuation in all { continuation.finish() }
  }
}
