import LoyaltyCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole lines to a file descriptor from any number of tasks: a line goes out in
/// one piece under a lock, so lines written at once never interleave, and straight to
/// the descriptor, with nothing buffered in-process that a kill could lose.
final class LineWriter: Sendable {
  private let descriptor: Int32
  private let lock = Locked(())

  /// A writer to `descriptor`; standard output when not given.
  init(descriptor: Int32 = STDOUT_FILENO) {
    self.descriptor = descriptor
  }

  /// Writes `line` and a newline.
  /// - Throws: ``HelperError`` when the descriptor refuses the bytes.
  func writeLine(_ line: String) throws {
    let bytes = Array((line + "\n").utf8)
    try lock.withLock { _ in
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer in
          write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
        if written < 0 {
          if errno == EINTR { continue }
          throw HelperError(message: "writing a line failed with errno \(errno)")
        }
        offset += written
      }
    }
  }
}
