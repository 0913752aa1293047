#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// Files readable and writable by their owner only from the first byte: the database
/// (before SQLite opens it) and the configuration file (which holds the API key).
///
/// SQLite creates a missing database file with mode 0644 less the process's umask,
/// readable by others until something tightens it. Created here first with 0600, the
/// file never has another mode; SQLite then opens the existing file, and gives the
/// `-wal`, `-shm` and `-journal` files it creates beside it the database file's mode.
package enum OwnerOnlyFile {
  /// Creates an empty file at `path` with mode 0600 unless something exists there.
  ///
  /// An existing file, a symbolic link or an error (a missing directory, no
  /// permission) leaves the path alone: SQLite then opens what is there, or reports
  /// why it cannot.
  /// - Returns: Whether the file was created.
  @discardableResult
  package static func createIfMissing(atPath path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    // The umask can only have removed bits from 0600; set exactly 0600 so that an
    // unusual umask (0o277, say) cannot leave a file its owner cannot write.
    _ = fchmod(descriptor, 0o600)
    _ = close(descriptor)
    return true
  }

  /// Replaces the file at `url` with `data`, atomically: the bytes go to a new file in
  /// the same directory, created with mode 0600, flushed to disk, then renamed over the
  /// old one. Readers see the old file or the new one, never a part, and never a file
  /// others may read.
  /// - Throws: ``LoyaltyError/Code/invalidArgument`` naming the step that failed
  ///   (create, write, flush, rename) and its `errno`; the temporary file is removed.
  package static func write(_ data: Data, to url: URL) throws {
    let path = url.path
    let temporary = path + ".tmp-" + UUID().uuidString
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure("create", path) }
    var closed = false
    defer {
      if !closed { _ = close(descriptor) }
    }
    do {
      _ = fchmod(descriptor, 0o600)
      try data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = posixWrite(
            descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            throw failure("write", path)
          }
          offset += written
        }
      }
      guard fsync(descriptor) == 0 else { throw failure("flush", path) }
      closed = true
      guard close(descriptor) == 0 else { throw failure("write", path) }
      guard rename(temporary, path) == 0 else { throw failure("rename", path) }
    } catch {
      _ = unlink(temporary)
      throw error
    }
  }

  private static func failure(_ step: String, _ path: String) -> LoyaltyError {
    LoyaltyError(
      .invalidArgument, "Could not \(step) the file.",
      metadata: ["path": path, "errno": String(errno)])
  }
}

/// POSIX `write`, named apart from ``OwnerOnlyFile/write(_:to:)``.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
