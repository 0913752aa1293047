public import LoyaltyCore

extension SQLiteTokenStore: EncryptedValueCounting {
  /// How many token fields are stored encrypted: the access and refresh tokens, and the
  /// client id and secret when the server issued them; 0 when the row is in clear or
  /// there is none. Opens nothing.
  public func encryptedValueCount() async throws -> Int {
    try await database.withConnection { connection in
      try connection.withStatement(
        """
        SELECT (access_token IS NOT NULL) + (refresh_token IS NOT NULL)
          + (client_id IS NOT NULL) + (client_secret IS NOT NULL)
        FROM requestVariables WHERE id = 1 AND encrypted = 1
        """
      ) { statement in
        guard try statement.step() else { return 0 }
        return Int(statement.int64(at: 0))
      }
    }
  }
}
