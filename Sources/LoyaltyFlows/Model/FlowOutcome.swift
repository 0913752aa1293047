/// How a flow run ended: exactly one per run.
public enum FlowOutcome: Sendable, Equatable {
  /// The flow succeeded.
  case success(FlowResult)
  /// The flow failed.
  case failure(FlowFailure)
  /// The user cancelled (or went back from the first screen).
  case userCancel
}
