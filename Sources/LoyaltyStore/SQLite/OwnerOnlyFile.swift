#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creates database files readable and writable by their owner only from the first
/// byte, before SQLite opens them.
///
/// SQLite creates a missing database file with mode 0644 less the process's umask,
/// readable by others until something tightens it. Created here first with 0600, the
/// file never has another mode; SQLite then opens the existing file, and gives the
/// `-wal`, `-shm` and `-journal` files it creates beside it the database file's mode.
enum OwnerOnlyFile {
  /// Creates an empty file at `path` with mode 0600 unless something exists there.
  ///
  /// An existing file, a symbolic link or an error (a missing directory, no
  /// permission) leaves the path alone: SQLite then opens what is there, or reports
  /// why it cannot.
  /// - Returns: Whether the file was created.
  @discardableResult
  static func createIfMissing(atPath path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    // The umask can only have removed bits from 0600; set exactly 0600 so that an
    // unusual umask (0o277, say) cannot leave a file its owner cannot write.
    _ = fchmod(descriptor, 0o600)
    _ = close(descriptor)
    return true
  }
}
