#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A log handler that appends one formatted line per record to a file, rotating it by
/// size (seed 000: `enableFileLogging`).
///
/// Lines go to `<directory>/loyalty.log`. A line that would make the file larger than
/// `maxFileSize` first rotates it: `loyalty.log` becomes `loyalty.1.log`, `loyalty.1.log`
/// becomes `loyalty.2.log`, and so on; the oldest beyond `maxFiles` files in all is
/// deleted. A file may reach `maxFileSize` exactly; a single line longer than the limit
/// is written alone to a fresh file.
///
/// Records arrive masked by the SDK's logger; each line is masked again by the same
/// ``SecretMasker`` rules before it reaches the disk, so a record a host hands the
/// handler directly never writes a token or a password either. The directory is created
/// with mode 0700 and the files with 0600. Writes are serialised by a lock and go
/// straight to the file (no buffer to lose). A file that cannot be written drops the
/// line quietly, as logging never fails a host. After ``close()`` records are dropped.
public final class FileLogHandler: LogHandler {
  /// The default largest size of one file: 1 MiB.
  public static let defaultMaxFileSize = 1_048_576
  /// The default number of files kept, the current one included.
  public static let defaultMaxFiles = 5
  /// The current file's name; rotated files are `loyalty.1.log`, `loyalty.2.log`, ...
  public static let fileName = "loyalty.log"

  /// The directory the files are in.
  public let directory: URL
  /// The largest size of one file, in bytes.
  public let maxFileSize: Int
  /// How many files are kept, the current one included.
  public let maxFiles: Int

  private let masker: SecretMasker
  private let state = Locked(State())

  private struct State {
    var descriptor: Int32 = -1
    var size = 0
    var closed = false
  }

  /// Creates a handler writing to `directory` (created when the first line is written).
  /// - Parameters:
  ///   - directory: Where the files go; ``LoyaltyConfiguration/logDirectory`` for the
  ///     client's.
  ///   - maxFileSize: The largest size of one file in bytes (at least 1).
  ///   - maxFiles: How many files are kept, the current one included (at least 1).
  ///   - masker: The masking applied to each line; the standard rules by default.
  public init(
    directory: URL, maxFileSize: Int = defaultMaxFileSize, maxFiles: Int = defaultMaxFiles,
    masker: SecretMasker = .standard
  ) {
    self.directory = directory
    self.maxFileSize = max(1, maxFileSize)
    self.maxFiles = max(1, maxFiles)
    self.masker = masker
  }

  deinit {
    state.withLock { state in
      if state.descriptor >= 0 { _ = posixClose(state.descriptor) }
    }
  }

  /// The URL of file number `index`: 0 is the current file, 1 the one rotated last.
  public func fileURL(_ index: Int) -> URL {
    Self.fileURL(index, in: directory)
  }

  /// The log files present, the current one first, then from newest to oldest.
  public var files: [URL] {
    Self.existingFiles(in: directory, maxFiles: maxFiles).map {
      URL(fileURLWithPath: $0.path, isDirectory: false)
    }
  }

  /// The URL of file number `index` in `directory`: 0 is the current file.
  static func fileURL(_ index: Int, in directory: URL) -> URL {
    directory.appendingPathComponent(
      index == 0 ? fileName : "loyalty.\(index).log", isDirectory: false)
  }

  /// The regular files among the first `maxFiles` log files in `directory`, with their
  /// sizes, the current one first.
  package static func existingFiles(in directory: URL, maxFiles: Int) -> [(
    path: String, size: Int
  )] {
    (0..<max(1, maxFiles)).compactMap { index in
      let path = fileURL(index, in: directory).path
      // The item itself: a link in the log directory is not followed.
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        attributes[.type] as? FileAttributeType == .typeRegular
      else { return nil }
      let size = attributes[.size]
      return (
        path,
        (size as? Int) ?? (size as? UInt64).map { Int(clamping: $0) }
          ?? (size as? Int64).map { Int(clamping: $0) } ?? 0
      )
    }
  }

  public func handle(_ record: LogRecord) {
    var line = masker.mask(record.formatted) + "\n"
    state.withLock { state in
      guard !state.closed else { return }
      line.withUTF8 { bytes in write(bytes, &state) }
    }
  }

  /// Closes the current file; later records are dropped. ``LoyaltyClient/eraseAllData()``
  /// calls it so that nothing is written after the files are deleted.
  public func close() {
    state.withLock { state in
      if state.descriptor >= 0 { _ = posixClose(state.descriptor) }
      state.descriptor = -1
      state.closed = true
    }
  }

  private func write(_ bytes: UnsafeBufferPointer<UInt8>, _ state: inout State) {
    if state.descriptor < 0 { open(&state) }
    if state.descriptor >= 0, state.size > 0, state.size + bytes.count > maxFileSize {
      rotate(&state)
    }
    guard state.descriptor >= 0, var address = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = posixWrite(state.descriptor, address, remaining)
      if written > 0 {
        address += written
        remaining -= written
        state.size += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }

  private func open(_ state: inout State) {
    _ = mkdir(directory.path, 0o700)
    let descriptor = posixOpen(
      fileURL(0).path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let end = lseek(descriptor, 0, SEEK_END)
    state.descriptor = descriptor
    state.size = end > 0 ? Int(end) : 0
  }

  private func rotate(_ state: inout State) {
    _ = posixClose(state.descriptor)
    state.descriptor = -1
    if maxFiles == 1 {
      _ = unlink(fileURL(0).path)
    } else {
      _ = unlink(fileURL(maxFiles - 1).path)
      for index in stride(from: maxFiles - 2, through: 0, by: -1) {
        _ = rename(fileURL(index).path, fileURL(index + 1).path)
      }
    }
    open(&state)
  }
}

/// POSIX `open`, `write` and `close`, named apart from the handler's methods.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func posixClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
