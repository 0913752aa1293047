import Foundation
import LoyaltyCore
import LoyaltyStore

/// Appends events to a store database one durable transaction at a time and prints
/// each committed id on its own line, so a test can kill it with SIGKILL and check
/// that every printed id survived.
///
/// Arguments: `<database path> [count]`; it stops after `count` events (100,000 by
/// default) or when its parent process goes away.
struct StoreWriterCommand {
  static func run(_ arguments: [String]) async throws {
    guard let path = arguments.first else {
      throw HelperError(message: "usage: store-writer <database path> [count]")
    }
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.store-writer",
      preset: .testing)
    let database = try StoreDatabase(
      location: .file(URL(fileURLWithPath: path)), configuration: configuration)
    let queue = SQLiteEventQueue(database: database)
    let parent = getppid()
    let output = FileHandle.standardOutput
    for index in 0..<count where getppid() == parent {
      let id = String(format: "writer-%08d", index)
      try await queue.append([
        QueuedEvent(
          id: id, name: "writer", timestamp: Date(),
          payload: Data(#"{"index":\#(index)}"#.utf8))
      ])
      // FileHandle writes straight to the descriptor: nothing is buffered in-process,
      // so an id is out of the process as soon as it is printed.
      output.write(Data("\(id)\n".utf8))
    }
    database.close()
  }
}
