import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens the files a download is written to: injectable, so a test can make the disk
/// full.
public protocol DirectoryFileWriter: Sendable {
  /// Creates (or truncates) the file at `url`, owner-only, for writing.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/directoryWriteFailed``.
  func create(at url: URL) throws -> any DirectoryFileSink
}

/// A file being written.
public protocol DirectoryFileSink {
  /// Appends `bytes`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/directoryWriteFailed`` (disk full...).
  func write(_ bytes: UnsafeRawBufferPointer) throws
  /// Flushes the file to the disk (`fsync`).
  func synchronize() throws
  /// Closes the file. Closing twice does nothing.
  func close()
}

/// The live writer: POSIX `open`, `write`, `fsync`.
public struct PosixDirectoryFileWriter: DirectoryFileWriter {
  /// Creates the writer.
  public init() {}

  public func create(at url: URL) throws -> any DirectoryFileSink {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else {
      throw PosixFileSink.failure("Creating the snapshot file", errno: errno)
    }
    return PosixFileSink(descriptor: descriptor)
  }

  /// Flushes the file at `url` to the disk.
  static func synchronize(_ url: URL) throws {
    let descriptor = open(url.path, O_RDONLY)
    guard descriptor >= 0 else {
      throw PosixFileSink.failure("Opening the snapshot file", errno: errno)
    }
    defer { systemClose(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw PosixFileSink.failure("Flushing the snapshot file", errno: errno)
    }
  }
}

/// A POSIX file descriptor being written.
final class PosixFileSink: DirectoryFileSink {
  private var descriptor: Int32

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { close() }

  func write(_ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
      guard let base = bytes.baseAddress else { return }
      let written = systemWrite(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw Self.failure("Writing the snapshot", errno: errno)
      }
      offset += written
    }
  }

  func synchronize() throws {
    guard fsync(descriptor) == 0 else {
      throw Self.failure("Flushing the snapshot", errno: errno)
    }
  }

  func close() {
    guard descriptor >= 0 else { return }
    systemClose(descriptor)
    descriptor = -1
  }

  static func failure(_ action: String, errno code: Int32) -> LoyaltyError {
    let reason = code == ENOSPC ? "the disk is full" : "errno \(code)"
    return LoyaltyError(
      .directoryWriteFailed, "\(action) failed: \(reason).",
      metadata: ["errno": String(code)])
  }
}

private func systemClose(_ descriptor: Int32) {
  #if canImport(Glibc)
    _ = Glibc.close(descriptor)
  #elseif canImport(Musl)
    _ = Musl.close(descriptor)
  #else
    _ = Darwin.close(descriptor)
  #endif
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
  #else
    Darwin.write(descriptor, bytes, count)
  #endif
}
