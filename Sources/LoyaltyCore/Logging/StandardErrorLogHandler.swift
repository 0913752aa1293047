#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The default log handler: one formatted line per record on standard error.
public final class StandardErrorLogHandler: LogHandler {
  private let lock = Locked(())

  /// Creates a handler that writes to standard error.
  public init() {}

  public func handle(_ record: LogRecord) {
    var line = record.formatted + "\n"
    lock.withLock { _ in
      line.withUTF8 { Self.writeToStandardError($0) }
    }
  }

  /// Writes all of `bytes` to file descriptor 2, retrying short and interrupted writes;
  /// gives up quietly if standard error is closed, as logging must never fail a host.
  private static func writeToStandardError(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard var address = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = write(STDERR_FILENO, address, remaining)
      if written > 0 {
        address += written
        remaining -= written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
