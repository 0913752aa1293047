public import LoyaltyCore

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

/// A ``LoyaltyCore/KeyStore`` that keeps each key in its own owner-only file.
///
/// Keys live in one directory per app (``init(configuration:logger:)`` uses
/// `<dataDirectory>/keys`, and ``LoyaltyCore/LoyaltyConfiguration/dataDirectory`` is already
/// namespaced by bundle identifier), created with mode `0700`; each key is a file named
/// after its identifier, holding the raw key bytes, with mode `0600`.
///
/// A missing key is created atomically, so processes racing on first use all end with
/// the same key: the random bytes are written and flushed to a uniquely named temporary
/// file (`0600`) in the same directory, which is then hard-linked to the final name.
/// `link(2)` never replaces an existing file, so exactly one creator wins; the others see
/// `EEXIST` and read the winner's key. Readers never see a partly written key.
///
/// Identifiers are 1 to 128 letters, digits, `.`, `-` or `_`, not starting with `.`.
/// Key files must be regular files (symbolic links are refused) of 1 to 4096 bytes.
public struct FileKeyStore: KeyStore, CustomStringConvertible {
  /// The directory holding the key files.
  public let directory: URL
  private let logger: LoyaltyLogger

  /// Creates a store keeping its keys in `directory`; nothing is created until a key is.
  /// - Parameters:
  ///   - directory: The directory for the key files, created (with its parents) with
  ///     mode `0700` when the first key is created.
  ///   - logger: Where the store logs repairs (such as tightening permissions); key
  ///     bytes are never logged.
  public init(directory: URL, logger: LoyaltyLogger = .disabled) {
    self.directory = directory
    self.logger = logger
  }

  /// Creates a store in `<configuration.dataDirectory>/keys`.
  /// - Parameters:
  ///   - configuration: The client's configuration.
  ///   - logger: Where the store logs repairs; key bytes are never logged.
  public init(configuration: LoyaltyConfiguration, logger: LoyaltyLogger = .disabled) {
    self.init(directory: Self.directory(for: configuration), logger: logger)
  }

  /// The key directory for `configuration`: `<dataDirectory>/keys`.
  public static func directory(for configuration: LoyaltyConfiguration) -> URL {
    configuration.dataDirectory.appendingPathComponent("keys", isDirectory: true)
  }

  /// Names the directory, never a key.
  public var description: String { "FileKeyStore(\(directory.path))" }

  /// The key stored under `identifier`, or `nil` when there is no key file.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier,
  ///   ``LoyaltyCore/LoyaltyError/Code/keyStoreFailed`` when the file cannot be read or is not a
  ///   valid key file.
  public func key(for identifier: String) async throws -> Data? {
    try KeyStoreValidation.validate(identifier: identifier)
    return try await BlockingExecutor.shared.run { [self] in
      try readKey(identifier, expectedByteCount: nil)
    }
  }

  /// The key stored under `identifier`, creating `byteCount` random bytes atomically
  /// when there is none.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier or size,
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidKey`` when the stored key has another size,
  ///   ``LoyaltyCore/LoyaltyError/Code/keyGenerationFailed`` when no random bytes are available,
  ///   ``LoyaltyCore/LoyaltyError/Code/keyStoreFailed`` when the directory or file cannot be
  ///   written or read.
  public func key(
    for identifier: String, creatingWithByteCount byteCount: Int
  ) async throws -> Data {
    try KeyStoreValidation.validate(identifier: identifier)
    try KeyStoreValidation.validate(byteCount: byteCount)
    return try await BlockingExecutor.shared.run { [self] in
      try keyCreatingIfMissing(identifier, byteCount: byteCount)
    }
  }

  /// Deletes the key file for `identifier`; a missing file is not an error.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid identifier,
  ///   ``LoyaltyCore/LoyaltyError/Code/keyStoreFailed`` when the file cannot be removed.
  public func deleteKey(for identifier: String) async throws {
    try KeyStoreValidation.validate(identifier: identifier)
    let path = filePath(identifier)
    try await BlockingExecutor.shared.run { [self] in
      guard unlink(path) == 0 || errno == ENOENT else {
        throw posixError(.keyStoreFailed, "delete the key '\(identifier)'", identifier)
      }
    }
  }

  // MARK: - Files

  /// Reads the key, creating it when missing; runs on the file executor's thread.
  private func keyCreatingIfMissing(_ identifier: String, byteCount: Int) throws -> Data {
    if let existing = try readKey(identifier, expectedByteCount: byteCount) {
      return existing
    }
    try ensureDirectory()
    // A key deleted between a lost race and the read is created again; a few rounds
    // cover any realistic interleaving.
    for _ in 0..<4 {
      if let key = try createKey(identifier, byteCount: byteCount) {
        return key
      }
    }
    throw LoyaltyError(
      .keyStoreFailed,
      "The key '\(identifier)' kept disappearing while it was created; another process "
        + "may be deleting it.",
      metadata: ["identifier": identifier])
  }

  private func filePath(_ identifier: String) -> String {
    directory.appendingPathComponent(identifier, isDirectory: false).path
  }

  /// Writes a new key to a temporary file and links it to the final name.
  /// - Returns: The stored key (ours or the winner's), or `nil` when the winner's file
  ///   vanished before it could be read.
  private func createKey(_ identifier: String, byteCount: Int) throws -> Data? {
    let key = try SecureRandom.bytes(count: byteCount)
    let finalPath = filePath(identifier)
    let temporaryPath =
      directory.appendingPathComponent(
        ".\(identifier).\(UUID().uuidString).tmp", isDirectory: false
      ).path

    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw posixError(.keyStoreFailed, "create a temporary key file", identifier)
    }
    defer { unlink(temporaryPath) }
    do {
      defer { close(descriptor) }
      guard fchmod(descriptor, 0o600) == 0 else {
        throw posixError(.keyStoreFailed, "restrict the temporary key file", identifier)
      }
      try writeAll(key, to: descriptor, identifier)
      guard fsync(descriptor) == 0 else {
        throw posixError(.keyStoreFailed, "flush the temporary key file", identifier)
      }
    }

    if link(temporaryPath, finalPath) == 0 {
      syncDirectory()
      logger.info("Created key '\(identifier)'.", metadata: ["identifier": identifier])
      return key
    }
    guard errno == EEXIST else {
      throw posixError(
        .keyStoreFailed, "link the new key file into place", identifier,
        recoverySuggestion: "The key directory must be on a file system that supports hard "
          + "links.")
    }
    logger.debug(
      "Key '\(identifier)' was created concurrently; using the stored one.",
      metadata: ["identifier": identifier])
    return try readKey(identifier, expectedByteCount: byteCount)
  }

  /// Reads the key file for `identifier`.
  /// - Parameter expectedByteCount: When set, a file of another size throws
  ///   ``LoyaltyError/Code/invalidKey``.
  /// - Returns: The key, or `nil` when the file (or the directory) does not exist.
  private func readKey(_ identifier: String, expectedByteCount: Int?) throws -> Data? {
    let descriptor = open(filePath(identifier), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      if errno == ELOOP {
        throw LoyaltyError(
          .keyStoreFailed,
          "The key file for '\(identifier)' is a symbolic link; key files must be regular "
            + "files.",
          metadata: ["identifier": identifier])
      }
      throw posixError(.keyStoreFailed, "open the key file", identifier)
    }
    defer { close(descriptor) }

    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw posixError(.keyStoreFailed, "inspect the key file", identifier)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw LoyaltyError(
        .keyStoreFailed, "The key file for '\(identifier)' is not a regular file.",
        metadata: ["identifier": identifier])
    }
    let size = Int(status.st_size)
    guard (1...KeyStoreValidation.maximumKeyByteCount).contains(size) else {
      throw LoyaltyError(
        .keyStoreFailed,
        "The key file for '\(identifier)' holds \(size) bytes, which is not a valid key.",
        recoverySuggestion: "Delete the key file to create a new key; data sealed with the "
          + "old key cannot be recovered.",
        metadata: ["identifier": identifier, "byteCount": String(size)])
    }
    if let expectedByteCount, size != expectedByteCount {
      throw LoyaltyError(
        .invalidKey,
        "The key file for '\(identifier)' holds \(size) bytes; \(expectedByteCount) were "
          + "expected.",
        recoverySuggestion: "Delete the key file to create a new key; data sealed with the "
          + "old key cannot be recovered.",
        metadata: ["identifier": identifier, "byteCount": String(size)])
    }
    if (status.st_mode & 0o077) != 0 {
      if fchmod(descriptor, 0o600) == 0 {
        logger.warning(
          "The key file for '\(identifier)' was readable by others; restricted it to its "
            + "owner.", metadata: ["identifier": identifier])
      } else {
        logger.warning(
          "The key file for '\(identifier)' is readable by others and could not be "
            + "restricted.", metadata: ["identifier": identifier])
      }
    }

    var key = Data(count: size)
    let bytesRead = key.withUnsafeMutableBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return -1 }
      var total = 0
      while total < size {
        let count = read(descriptor, base + total, size - total)
        if count < 0 {
          if errno == EINTR { continue }
          return -1
        }
        if count == 0 { break }
        total += count
      }
      return total
    }
    guard bytesRead == size else {
      if bytesRead < 0 {
        throw posixError(.keyStoreFailed, "read the key file", identifier)
      }
      throw LoyaltyError(
        .keyStoreFailed, "The key file for '\(identifier)' changed while it was read.",
        metadata: ["identifier": identifier])
    }
    return key
  }

  private func writeAll(_ bytes: Data, to descriptor: Int32, _ identifier: String) throws {
    let failed = bytes.withUnsafeBytes { buffer -> Bool in
      guard let base = buffer.baseAddress else { return buffer.isEmpty == false }
      var offset = 0
      while offset < buffer.count {
        let count = write(descriptor, base + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return true
        }
        offset += count
      }
      return false
    }
    if failed {
      throw posixError(.keyStoreFailed, "write the temporary key file", identifier)
    }
  }

  /// Creates the key directory (and its parents) with mode `0700`, and restricts an
  /// existing key directory that others can read.
  private func ensureDirectory() throws {
    let path = directory.path
    let parent = directory.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: parent, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw LoyaltyError(
        .keyStoreFailed, "Could not create the directory that holds the key directory.",
        metadata: ["directory": parent.path], underlying: error)
    }
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw posixError(.keyStoreFailed, "create the key directory", nil)
    }
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
      throw LoyaltyError(
        .keyStoreFailed, "The key directory path exists but is not a directory.",
        metadata: ["directory": path])
    }
    if (status.st_mode & 0o7777) != 0o700 {
      guard chmod(path, 0o700) == 0 else {
        throw posixError(.keyStoreFailed, "restrict the key directory to its owner", nil)
      }
    }
  }

  /// Flushes the directory entry of a new key; failure only weakens durability.
  private func syncDirectory() {
    let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  private func posixError(
    _ code: LoyaltyError.Code, _ action: String, _ identifier: String?,
    recoverySuggestion: String? = nil
  ) -> LoyaltyError {
    let number = errno
    let reason = String(cString: strerror(number))
    var metadata = ["errno": String(number), "directory": directory.path]
    if let identifier {
      metadata["identifier"] = identifier
    }
    return LoyaltyError(
      code, "Could not \(action): \(reason).", recoverySuggestion: recoverySuggestion,
      metadata: metadata)
  }
}
