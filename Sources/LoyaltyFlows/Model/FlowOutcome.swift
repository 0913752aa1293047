/// How a flow run ended: exactly one per run.
public enum FlowOutcome: Sendable, Equatable {
  /// The flow succeeded.
  case success(FlowResult)
  /// The flow failed.
  case failure(FlowFailure)
  /// The user cancelled (or went back from the first screen).
  case userCancel
  /// The user declined the terms on the welcome screen (seed 004 lines 12, 37), in a run
  /// made with `requiringTerms: true`; no one-time code was asked for.
  case termsDeclined
}
