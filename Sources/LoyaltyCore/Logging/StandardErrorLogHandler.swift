#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The default log handler: one formatted line per record on standard error.
public final class StandardErrorLogHandler: LogHandler {
  /// The descriptor lines go to, behind the lock that keeps lines whole. Not an empty
  /// value: ThreadSanitizer reports the access to a zero-sized value under a pthread mutex
  /// as a race (seen with `Locked(())` when two threads logged at once).
  private let standardError = Locked(STDERR_FILENO)

  /// Creates a handler that writes to standard error.
  public init() {}

  public func handle(_ record: LogRecord) {
    var line = record.formatted + "\n"
    standardError.withLock { descriptor in
      line.withUTF8 { Self.writeAll($0, to: descriptor) }
    }
  }

  /// Writes all of `bytes` to `descriptor`, retrying short and interrupted writes;
  /// gives up quietly if standard error is closed, as logging must never fail a host.
  private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
    guard var address = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = write(descriptor, address, remaining)
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
