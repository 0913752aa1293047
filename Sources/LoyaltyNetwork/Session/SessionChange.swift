/// When a session observer runs (``NetworkClient/addSessionObserver(_:)``): on each side
/// of the one moment the stored tokens change, by a login or by an end of the session.
package enum SessionChange: Sendable, Equatable {
  /// The tokens are about to change; those of the user leaving are still stored. What
  /// showed that user goes now, so that nothing of theirs is shown once their tokens are
  /// gone, not for one read of the state.
  case changing
  /// The tokens changed: a login's are stored, or none are after an end.
  case changed
}
