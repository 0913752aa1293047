public import LoyaltyCore

/// What a sync did.
public enum DirectorySyncOutcome: Sendable, Hashable {
  /// The installed snapshot is current; nothing was downloaded.
  case notModified(DirectorySnapshotInfo?)
  /// A new snapshot was downloaded, verified and swapped in.
  case updated(DirectorySnapshotInfo)

  /// Whether a new snapshot was installed.
  public var isUpdated: Bool {
    if case .updated = self { return true }
    return false
  }
}
