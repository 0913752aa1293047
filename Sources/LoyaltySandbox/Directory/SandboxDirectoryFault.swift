/// A bad directory snapshot the sandbox serves once, on top of the faults of
/// ``SandboxFault`` (`truncatedBody`, `dropConnection` and `malformedBody` on
/// ``SandboxEndpoint/directorySnapshot`` give a truncated download, a connection
/// dropped mid-download and a 200 with HTML).
///
/// The next manifest announces a new version whose snapshot is bad in this way; once
/// it is served, the manifest goes back to the published snapshot.
public enum SandboxDirectoryFault: Sendable, Hashable {
  /// The manifest's SHA-256 does not match the snapshot.
  case wrongHash
  /// The snapshot's pages after the first are garbage (its hash matches, so only
  /// `PRAGMA integrity_check` finds it).
  case corruptFile
  /// The snapshot and its manifest say schema version 99.
  case unknownSchema
  /// The manifest says the published schema version, but the file says 99.
  case unknownSchemaInFile
}
