public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The store's section of ``LoyaltyCore/LoyaltyClient/exportData()``.
extension StoreModule {
  /// Every preference (a key that names a token has its value masked), the session's
  /// tokens (masked), the analytics events waiting in the queue and in quarantine, each
  /// with its payload, and the market's cached answers (`marketCache`), each with its
  /// owner, key, kind, dates and body.
  public func exportData(_ database: StoreDatabase, context: ModuleContext) async -> JSONValue? {
    var section: [String: JSONValue] = [:]
    do {
      section["preferences"] = try await Self.preferences(database)
      section["analyticsQueue"] = try await Self.queuedEvents(database)
      let tokens = try context.capabilities.resolve(.tokenStore)
      if let pair = try await tokens.tokens() {
        section["session"] = .object([
          "accessToken": .maskedSecret(pair.accessToken),
          "refreshToken": .maskedSecret(pair.refreshToken),
        ])
      }
      section["marketCache"] = try await Self.cachedAnswers(database, context: context)
    } catch {
      context.logger.error("The store's data could not be read for the export: \(error)")
      section["error"] = .string("The store could not be read; this section is incomplete.")
    }
    return .object(section)
  }

  private static func preferences(_ database: StoreDatabase) async throws -> JSONValue {
    let store = SQLiteKeyValueStore(database: database)
    var values: [String: JSONValue] = [:]
    for key in try await store.keys() where key != SQLitePrivacyStore.key {
      guard let data = try await store.data(forKey: key) else { continue }
      if key.lowercased().contains("token") {
        values[key] = .maskedSecret(String(decoding: data, as: UTF8.self))
      } else {
        values[key] = .exportValue(of: data)
      }
    }
    return .object(values)
  }

  /// The answers in this database's `market_cache`, opened with the client's field
  /// cipher; ordered by owner then key.
  private static func cachedAnswers(
    _ database: StoreDatabase, context: ModuleContext
  ) async throws -> JSONValue {
    let cache = SQLiteMarketCache(
      database: database, cipher: try context.capabilities.resolveIfPresent(.fieldCipher),
      logger: context.logger)
    return .array(
      try await cache.answers().map { answer in
        .object([
          "owner": .string(answer.owner),
          "key": .string(answer.key),
          "kind": .string(answer.kind),
          "answeredAt": .exportDate(answer.answeredAt),
          "storedAt": .exportDate(answer.storedAt),
          "body": .exportValue(of: answer.body),
        ])
      })
  }

  private static func queuedEvents(_ database: StoreDatabase) async throws -> JSONValue {
    try await database.withConnection { connection in
      func rows(_ table: String) throws -> [JSONValue] {
        try connection.withStatement(
          "SELECT event_id, type, time, data FROM \(table) ORDER BY _id"
        ) { statement in
          var events: [JSONValue] = []
          while try statement.step() {
            events.append(
              .object([
                "id": .string(statement.text(at: 0) ?? ""),
                "name": .string(statement.text(at: 1) ?? ""),
                "timestamp": .exportDate(
                  Date(timeIntervalSinceReferenceDate: statement.double(at: 2))),
                "payload": statement.data(at: 3).map(JSONValue.exportValue(of:)) ?? .null,
              ]))
          }
          return events
        }
      }
      return .object([
        "events": .array(try rows("events")),
        "quarantined": .array(try rows("events_quarantine")),
      ])
    }
  }
}
