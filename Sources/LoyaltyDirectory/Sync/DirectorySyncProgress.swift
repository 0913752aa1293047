/// Where a sync is, for a progress bar: its phase and the bytes so far.
public struct DirectorySyncProgress: Sendable, Hashable {
  /// A step of a sync.
  public enum Phase: String, Sendable, Hashable {
    /// Asking for the manifest.
    case checking
    /// The server's snapshot is the one installed (HTTP 304, or the same version).
    case notModified
    /// Downloading and decompressing the snapshot.
    case downloading
    /// Checking the hash, `PRAGMA integrity_check` and the schema version.
    case verifying
    /// Building the local search index.
    case indexing
    /// The new snapshot serves searches.
    case installed
    /// The sync failed; the previous snapshot still serves.
    case failed
  }

  /// The phase.
  public var phase: Phase
  /// Decompressed bytes written so far.
  public var bytesWritten: Int
  /// The decompressed size the manifest announced, once known.
  public var totalBytes: Int?

  /// Creates a progress report.
  public init(phase: Phase, bytesWritten: Int = 0, totalBytes: Int? = nil) {
    self.phase = phase
    self.bytesWritten = bytesWritten
    self.totalBytes = totalBytes
  }

  /// `bytesWritten / totalBytes`, 0...1, when the total is known.
  public var fraction: Double? {
    guard let totalBytes, totalBytes > 0 else { return nil }
    return min(1, Double(bytesWritten) / Double(totalBytes))
  }
}
