import LoyaltyCore
import Synchronization

/// The console's request log: the most recent requests, at most ``limit``, each with an
/// id that grows by one, so a page can ask for what came after the last one it saw.
final class RequestLog: Sendable {
  /// How many requests are kept.
  let limit: Int
  private let state: Mutex<State>

  private struct State: Sendable {
    var entries: [LoggedExchange] = []
    var lastID = 0
    var dropped = 0
  }

  /// A page of the log.
  struct Page: Sendable {
    /// The highest id given so far.
    let cursor: Int
    /// Requests forgotten to stay within the limit, over the log's life.
    let dropped: Int
    /// The entries asked for, newest first.
    let entries: [LoggedExchange]
  }

  /// Creates an empty log that keeps at most `limit` requests (at least 1).
  init(limit: Int) {
    self.limit = max(1, limit)
    self.state = Mutex(State())
  }

  /// Adds a request, forgetting the oldest beyond the limit.
  /// - Returns: The id given.
  @discardableResult
  func append(_ exchange: LoggedExchange) -> Int {
    state.withLock { state in
      state.lastID += 1
      var entry = exchange
      entry.id = state.lastID
      state.entries.append(entry)
      let excess = state.entries.count - limit
      if excess > 0 {
        state.entries.removeFirst(excess)
        state.dropped += excess
      }
      return state.lastID
    }
  }

  /// The entries after `id` that `include` keeps, newest first.
  func page(after id: Int, where include: (LoggedExchange) -> Bool = { _ in true }) -> Page {
    state.withLock { state in
      Page(
        cursor: state.lastID, dropped: state.dropped,
        entries: state.entries.reversed().prefix { $0.id > id }.filter(include))
    }
  }

  /// The entry with `id`, while it is kept.
  func entry(_ id: Int) -> LoggedExchange? {
    state.withLock { state in state.entries.first { $0.id == id } }
  }

  /// Forgets every entry; ids go on from where they were.
  /// - Returns: How many entries were forgotten.
  func clear() -> Int {
    state.withLock { state in
      defer { state.entries.removeAll() }
      return state.entries.count
    }
  }
}
