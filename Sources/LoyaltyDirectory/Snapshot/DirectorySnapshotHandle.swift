import LoyaltyCore
import LoyaltyStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One installed snapshot file and the read-only connections open on it, counted by
/// the readers using it.
///
/// Once retired (a newer snapshot was swapped in), it takes no new readers; when its
/// last reader ends, its connections close and its file is deleted. A reader that
/// started on it finishes on it: a swap never fails a read.
final class DirectorySnapshotHandle: Sendable {
  private struct State {
    var idle: [SQLiteConnection] = []
    var readers = 0
    var retired = false
    var removed = false
    var deletesFile = true
  }

  /// The snapshot file.
  let url: URL
  /// What the snapshot holds.
  let info: DirectorySnapshotInfo
  private let state = Locked(State())

  init(url: URL, info: DirectorySnapshotInfo) {
    self.url = url
    self.info = info
  }

  /// Counts one more reader. Called only under the pool's lock, on the current handle.
  func retain() {
    state.withLock { $0.readers += 1 }
  }

  /// Counts a reader out; the last one out of a retired handle deletes it.
  func release() {
    let cleanup = state.withLock { state -> (connections: [SQLiteConnection], delete: Bool)? in
      state.readers -= 1
      return takeForRemoval(&state)
    }
    if let cleanup { remove(cleanup.connections, deletingFile: cleanup.delete) }
  }

  /// Marks the handle retired; deletes it now when no reader is using it.
  /// - Parameter deletingFile: `false` closes the connections but keeps the file (the
  ///   installed snapshot at shutdown).
  func retire(deletingFile: Bool = true) {
    let cleanup = state.withLock { state -> (connections: [SQLiteConnection], delete: Bool)? in
      state.retired = true
      state.deletesFile = deletingFile
      return takeForRemoval(&state)
    }
    if let cleanup { remove(cleanup.connections, deletingFile: cleanup.delete) }
  }

  /// Whether the handle is retired and its file deleted.
  var isRemoved: Bool { state.withLock { $0.removed } }

  /// The number of readers using the handle now.
  var readerCount: Int { state.withLock { $0.readers } }

  /// A connection for one reader: an idle one, or a new read-only one.
  func checkout() throws -> SQLiteConnection {
    if let connection = state.withLock({ $0.idle.popLast() }) {
      return connection
    }
    let connection = try SQLiteConnection(url: url, generation: 0, readOnly: true)
    try connection.execute("PRAGMA query_only = 1")
    return connection
  }

  /// Gives a reader's connection back.
  func checkin(_ connection: SQLiteConnection) {
    let keep = state.withLock { state -> Bool in
      guard !state.retired, state.idle.count < 8 else { return false }
      state.idle.append(connection)
      return true
    }
    if !keep { connection.close() }
  }

  private func takeForRemoval(_ state: inout State) -> (
    connections: [SQLiteConnection], delete: Bool
  )? {
    guard state.retired, state.readers == 0, !state.removed else { return nil }
    state.removed = true
    defer { state.idle.removeAll() }
    return (state.idle, state.deletesFile)
  }

  private func remove(_ connections: [SQLiteConnection], deletingFile: Bool) {
    for connection in connections { connection.close() }
    guard deletingFile else { return }
    try? FileManager.default.removeItem(at: url)
  }
}
