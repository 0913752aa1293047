/// A log handler that keeps records in memory, for tests and diagnostics screens.
///
/// It keeps at most `capacity` records, dropping the oldest.
public final class InMemoryLogHandler: LogHandler {
  private let state: Locked<[LogRecord]>
  private let capacity: Int

  /// Creates a handler keeping at most `capacity` records.
  public init(capacity: Int = 10_000) {
    self.capacity = max(1, capacity)
    self.state = Locked([])
  }

  public func handle(_ record: LogRecord) {
    state.withLock { records in
      records.append(record)
      if records.count > capacity {
        records.removeFirst(records.count - capacity)
      }
    }
  }

  /// The records kept so far, oldest first.
  public var records: [LogRecord] { state.withLock { $0 } }

  /// Every kept record, formatted, one per line.
  public var text: String { records.map(\.formatted).joined(separator: "\n") }

  /// Forgets every kept record.
  public func removeAll() { state.withLock { $0.removeAll() } }
}
