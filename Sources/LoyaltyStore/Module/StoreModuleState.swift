import LoyaltyCore
import Synchronization

/// What a ``StoreModule`` holds between `start` and `shutdown`: the open database,
/// shared with the factories it registered.
final class StoreModuleState: Sendable {
  private let database = Mutex<StoreDatabase?>(nil)

  /// Keeps `opened` as the running database.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/moduleStartFailed`` when one is already
  ///   running: the same module value was started by two clients.
  func install(_ opened: StoreDatabase) throws {
    try database.withLock { database in
      guard database == nil else {
        throw LoyaltyError(
          .moduleStartFailed,
          "This StoreModule is already running in another client; create one StoreModule "
            + "per client.")
      }
      database = opened
    }
  }

  /// Removes and returns the running database.
  func remove() -> StoreDatabase? {
    database.withLock { database in
      defer { database = nil }
      return database
    }
  }

  /// The running database.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/databaseClosed`` before `start` or after
  ///   `shutdown`.
  func running() throws -> StoreDatabase {
    guard let running = database.withLock({ $0 }) else {
      throw LoyaltyError(
        .databaseClosed,
        "The LoyaltyStore database is not open: StoreModule has not started, or has shut down.",
        recoverySuggestion:
          "Resolve store capabilities after the client started; a module that needs them in "
          + "its start must list them in requires or optionallyUses.")
    }
    return running
  }
}
