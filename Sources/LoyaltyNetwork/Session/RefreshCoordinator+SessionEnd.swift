package import LoyaltyCore

extension RefreshCoordinator {
  /// Ends the session, the one way every end takes (a logout, a fatal status, a refresh
  /// the server rejects, an expired token that cannot be refreshed): clears the stored
  /// tokens between the session observer's two runs (``changingSession(_:)``), then posts
  /// one ``SessionEnded``. Nothing happens when there is nothing to end.
  /// - Parameters:
  ///   - pair: The pair to end; when another replaced it meanwhile (a new login), that
  ///     one is left alone. `nil` ends whatever is stored: a logout tries three times
  ///     when a refresh replaces the pair meanwhile, a fatal status once.
  ///   - reason: Why the session ends.
  ///   - status: The HTTP status that ended it, if one did.
  package func endSession(
    _ pair: TokenPair? = nil, reason: SessionEnded.Reason, status: Int? = nil
  ) async {
    let attempts = pair == nil && reason == .logout ? 3 : 1
    do {
      for _ in 0..<attempts {
        guard let current = try await store.tokens(), pair == nil || current == pair else {
          return
        }
        if try await changingSession({ try await store.replace(current, with: nil) }) {
          events?.post(SessionEnded(reason: reason, status: status))
          return
        }
      }
      if attempts > 1 {
        logger.error("The stored tokens kept changing; the logout could not clear them.")
      }
    } catch {
      logger.error("The stored tokens could not be cleared: \(error)")
    }
  }

  /// Runs `change`, a change of the stored tokens other than a refresh, between the two
  /// runs of ``sessionObserver``: ``SessionChange/changing`` before, while the tokens of
  /// the user leaving are still stored, and ``SessionChange/changed`` after, even when
  /// `change` throws or changes nothing (the observers hold answers back in between).
  func changingSession<Result>(_ change: () async throws -> Result) async rethrows -> Result {
    let observer = sessionObserver.withLock { $0 }
    await observer?(.changing)
    let result: Result
    do {
      result = try await change()
    } catch {
      await observer?(.changed)
      throw error
    }
    await observer?(.changed)
    return result
  }
}
