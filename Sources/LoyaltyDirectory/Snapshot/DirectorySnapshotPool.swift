import LoyaltyCore
import LoyaltyStore

/// The snapshot readers use now, swapped atomically.
///
/// A reader takes the current handle and counts itself in under one lock, so a swap
/// either happens before (the reader sees the new snapshot) or after (the reader
/// finishes on the old one, which is deleted when its last reader ends).
final class DirectorySnapshotPool: Sendable {
  private let current = Locked<DirectorySnapshotHandle?>(nil)

  init() {}

  /// What the current snapshot holds, or `nil` before the first one.
  var info: DirectorySnapshotInfo? { current.withLock { $0?.info } }

  /// Runs `body` on a connection to the current snapshot.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/directoryNotSynced`` when there is none.
  func withReader<T>(
    _ body: (SQLiteConnection, DirectorySnapshotInfo) throws -> T
  ) throws -> T {
    let handle = try current.withLock { current -> DirectorySnapshotHandle in
      guard let handle = current else {
        throw LoyaltyError(
          .directoryNotSynced, "The merchant directory has no snapshot yet.",
          recoverySuggestion: "Call sync() once online.")
      }
      handle.retain()
      return handle
    }
    defer { handle.release() }
    let connection = try handle.checkout()
    defer { handle.checkin(connection) }
    return try body(connection, handle.info)
  }

  /// Makes `handle` the current snapshot and retires the previous one.
  func install(_ handle: DirectorySnapshotHandle) {
    let previous = current.withLock { current in
      defer { current = handle }
      return current
    }
    previous?.retire()
  }

  /// Retires the current snapshot, leaving the pool empty (at shutdown): its
  /// connections close when its last reader ends, and its file stays installed.
  func close() {
    let previous = current.withLock { current in
      defer { current = nil }
      return current
    }
    previous?.retire(deletingFile: false)
  }
}
