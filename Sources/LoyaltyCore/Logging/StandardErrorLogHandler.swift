import Foundation
import Synchronization

/// The default log handler: one formatted line per record on standard error.
public final class StandardErrorLogHandler: LogHandler {
  private let lock = Mutex(())

  /// Creates a handler that writes to standard error.
  public init() {}

  public func handle(_ record: LogRecord) {
    let line = Data((record.formatted + "\n").utf8)
    lock.withLock { _ in
      FileHandle.standardError.write(line)
    }
  }
}
