/// The outcome channel of a run (seed 19-20): exactly one of the callbacks is called,
/// once per run, through ``delivery``.
public struct FlowCallbacks: Sendable {
  /// Where the callbacks run.
  public var delivery: FlowDelivery
  /// Called with the flow's result when it succeeds.
  public var onSuccess: @Sendable (FlowResult) -> Void
  /// Called with a typed reason when the flow fails.
  public var onFailed: @Sendable (FlowFailure) -> Void
  /// Called when the user cancels or goes back from the first screen.
  public var onUserCancel: @Sendable () -> Void
  /// Called when the user declines the terms on the welcome screen; when `nil`,
  /// ``onUserCancel`` is called instead (the seed has no callback of its own for it).
  public var onTermsDeclined: (@Sendable () -> Void)?

  /// Creates the callbacks.
  public init(
    delivery: FlowDelivery = .mainActor,
    onSuccess: @escaping @Sendable (FlowResult) -> Void,
    onFailed: @escaping @Sendable (FlowFailure) -> Void,
    onUserCancel: @escaping @Sendable () -> Void,
    onTermsDeclined: (@Sendable () -> Void)? = nil
  ) {
    self.delivery = delivery
    self.onSuccess = onSuccess
    self.onFailed = onFailed
    self.onUserCancel = onUserCancel
    self.onTermsDeclined = onTermsDeclined
  }

  func deliver(_ outcome: FlowOutcome) {
    let onSuccess = onSuccess
    let onFailed = onFailed
    let onUserCancel = onUserCancel
    let onTermsDeclined = onTermsDeclined ?? onUserCancel
    delivery.schedule {
      switch outcome {
      case .success(let result): onSuccess(result)
      case .failure(let failure): onFailed(failure)
      case .userCancel: onUserCancel()
      case .termsDeclined: onTermsDeclined()
      }
    }
  }
}
