import Foundation
import LoyaltyCore

@testable import LoyaltyStore

/// Answers and raw-row helpers for the market cache tests.
enum MarketCacheTestSupport {
  static let owner = MarketCacheOwner.user("cache-test")

  /// An answer whose body (and `ETag`) hold `marker`, padded to `bytes` bytes.
  static func answer(
    key: String = "coupons?language=en", owner: String = owner, marker: String,
    bytes: Int = 256, tag: Int = 1
  ) -> CachedAnswer {
    var body = Data(#"{"coupons":[{"id":"\#(marker)"}],"pad":""#.utf8)
    body.append(Data(repeating: UInt8(ascii: "p"), count: max(0, bytes - body.count - 2)))
    body.append(Data(#""}"#.utf8))
    return CachedAnswer(
      key: key, owner: owner, kind: "coupons", status: 200,
      headers: HTTPHeaders([
        (name: "ETag", value: "\"etag-\(marker)\""),
        (name: "Content-Type", value: "application/json"),
      ]),
      body: body,
      answeredAt: Date(timeIntervalSinceReferenceDate: 812_000_000.5 + Double(tag)),
      storedAt: Date(timeIntervalSinceReferenceDate: 812_000_100.25 + Double(tag)))
  }

  /// The number of rows in `market_cache`.
  static func rowCount(_ database: StoreDatabase) async throws -> Int {
    try await database.withConnection {
      try $0.scalarInt("SELECT COUNT(*) FROM market_cache") ?? -1
    }
  }

  /// The `encrypted` flag of the row for `key` and `owner`, or `nil` when there is none.
  static func encryptedFlag(
    _ database: StoreDatabase, key: String = "coupons?language=en", owner: String = owner
  ) async throws -> Int? {
    try await database.withConnection { connection in
      try connection.scalarInt("SELECT encrypted FROM market_cache WHERE owner = ? AND key = ?") {
        try $0.bind(owner, at: 1)
        try $0.bind(key, at: 2)
      }
    }
  }

  /// The stored body of the row for `key` and `owner`, as bytes.
  static func storedBody(
    _ database: StoreDatabase, key: String = "coupons?language=en", owner: String = owner
  ) async throws -> Data? {
    try await database.withConnection { connection in
      try connection.withStatement("SELECT body FROM market_cache WHERE owner = ? AND key = ?") {
        statement in
        try statement.bind(owner, at: 1)
        try statement.bind(key, at: 2)
        guard try statement.step() else { return nil }
        return statement.data(at: 0)
      }
    }
  }

  /// Replaces the stored body of the row for `key` and `owner` with `body`, behind the
  /// cache's back.
  static func overwriteBody(
    _ database: StoreDatabase, with body: Data, key: String = "coupons?language=en",
    owner: String = owner
  ) async throws {
    try await database.write { connection in
      try connection.withStatement(
        "UPDATE market_cache SET body = ? WHERE owner = ? AND key = ?"
      ) { statement in
        try statement.bind(body, at: 1)
        try statement.bind(owner, at: 2)
        try statement.bind(key, at: 3)
        try statement.run()
      }
    }
  }

  /// The names of the files in `directory` whose bytes hold `marker`.
  static func files(in directory: TemporaryDirectory, holding marker: String) -> [String] {
    directory.contents().filter { name in
      let bytes = (try? Data(contentsOf: directory.file(name))) ?? Data()
      return bytes.range(of: Data(marker.utf8)) != nil
    }
  }
}
