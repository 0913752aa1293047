import Dispatch
import Foundation
import LoyaltyCore
import LoyaltyTestSupport
import Testing

@testable import LoyaltyStore

/// Configurations and databases for the store tests.
enum StoreTestSupport {
  /// Occupies the database's thread until `gate` is signalled; returns once the
  /// blocking closure has started.
  static func block(
    _ database: StoreDatabase, until gate: DispatchSemaphore
  ) async throws -> Task<Void, any Error> {
    let executor = try #require(database.executor)
    let entered = DispatchSemaphore(value: 0)
    let blocker = Task {
      try await executor.run {
        entered.signal()
        gate.wait()
      }
    }
    await Task.detached { entered.wait() }.value
    return blocker
  }

  /// A testing configuration whose data directory is `directory`.
  static func configuration(
    directory: TemporaryDirectory, encryption: Bool = false
  ) -> LoyaltyConfiguration {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.store-tests",
      preset: .testing)
    configuration.turnOnAnalyticsAndRegistration()
    configuration.database.directory = directory.url.path
    configuration.database.encryptionEnabled = encryption
    return configuration
  }

  /// Opens the database file `name` in `directory`.
  static func open(
    _ name: String = "store.db",
    in directory: TemporaryDirectory,
    encryption: Bool = false,
    clock: any LoyaltyClock = SystemClock(),
    logger: LoyaltyLogger = .disabled,
    eventSink: (any EventSink)? = nil,
    migrations: [SQLiteMigration] = StoreSchema.migrations
  ) throws -> StoreDatabase {
    try StoreDatabase(
      location: .file(directory.file(name)),
      configuration: configuration(directory: directory, encryption: encryption),
      clock: clock, logger: logger, eventSink: eventSink, migrations: migrations)
  }

  /// An event with a small JSON payload.
  static func event(_ index: Int, bytes: Int? = nil) -> QueuedEvent {
    let payload =
      bytes.map { Data(repeating: UInt8(ascii: "x"), count: $0) }
      ?? Data(#"{"index":\#(index)}"#.utf8)
    return QueuedEvent(
      id: String(format: "event-%06d", index), name: "test_event",
      timestamp: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)), payload: payload)
  }
}

/// Keeps every database a conformance check opens, to close them at the end.
final class OpenedDatabases: Sendable {
  private let databases = Locked<[StoreDatabase]>([])

  func keep(_ database: StoreDatabase) -> StoreDatabase {
    databases.withLock { $0.append(database) }
    return database
  }

  func closeAll() {
    databases.withLock { $0 }.forEach { $0.close() }
  }
}
