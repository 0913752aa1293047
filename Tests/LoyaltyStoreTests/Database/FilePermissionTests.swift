import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyStore

/// Guarantee Storage 5 for the database: its files are readable and writable by their
/// owner only from the moment they exist, whatever the process's umask lets through.
@Suite("Storage 5. Database files are owner-only from their first byte")
struct FilePermissionTests {
  private static func mode(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
  }

  /// The process's umask, from `/proc/self/status` (reading it with `umask(2)` would
  /// change it for every thread).
  private static var umask: Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") })
    else { return nil }
    return Int(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
  }

  @Test("Storage 5. a new database file is owner-only as soon as the connection creates it")
  func newFileIsOwnerOnlyAtCreation() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    if let umask = Self.umask {
      // The check means something only when the umask would let others read.
      #expect(umask & 0o044 != 0o044, "umask \(String(umask, radix: 8))")
    }
    let file = directory.file("fresh.db")
    let connection = try SQLiteConnection(url: file, generation: 1)
    defer { connection.close() }
    // Nothing has tightened the file yet: this is the mode it was created with.
    #expect(try Self.mode(of: file) == 0o600)
    _ = try connection.textColumn("PRAGMA journal_mode = WAL")
    try connection.executeScript("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('x')")
    for suffix in ["", "-wal", "-shm"] {
      let url = URL(fileURLWithPath: file.path + suffix)
      #expect(FileManager.default.fileExists(atPath: url.path), "\(suffix)")
      #expect(try Self.mode(of: url) == 0o600, "\(suffix)")
    }
  }

  @Test("Storage 5. the database, its -wal and -shm are owner-only, fresh or recovered")
  func databaseFilesAreOwnerOnly() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for name in ["fresh.db", "corrupt.db"] {
      let file = directory.file(name)
      if name == "corrupt.db" {
        try Data(repeating: 0x42, count: 4_096).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
      }
      let database = try StoreTestSupport.open(name, in: directory)
      let store = SQLiteKeyValueStore(database: database)
      try await store.set(Data("v".utf8), forKey: "k")
      #expect((database.recovery != nil) == (name == "corrupt.db"))
      for suffix in ["", "-wal", "-shm"] {
        let url = URL(fileURLWithPath: file.path + suffix)
        #expect(FileManager.default.fileExists(atPath: url.path), "\(name)\(suffix)")
        #expect(try Self.mode(of: url) == 0o600, "\(name)\(suffix)")
      }
      database.close()
    }
  }
}
