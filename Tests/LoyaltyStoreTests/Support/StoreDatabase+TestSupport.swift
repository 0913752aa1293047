import Foundation

@testable import LoyaltyStore

extension StoreDatabase {
  /// Records a schema version beyond what the code knows, as a newer SDK would.
  func recordFutureVersion() async throws {
    try await write { connection in
      try connection.execute(
        "INSERT INTO schema_version (version, name, created_at) VALUES (99, 'future', 'x')")
    }
  }
}
