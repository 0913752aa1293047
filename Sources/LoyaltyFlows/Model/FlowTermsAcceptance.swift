/// Where a run stands with the terms and conditions of the welcome screen (seed 004
/// lines 12, 37, 98: Welcome/TnC before the one-time code).
public enum FlowTermsAcceptance: String, Sendable, Hashable, CustomStringConvertible {
  /// The run was made without requiring the terms.
  case notRequired
  /// The terms are required and the user has not answered yet; no code is asked for.
  case pending
  /// The user accepted the terms (``FlowRun/acceptTerms()``).
  case accepted
  /// The user declined the terms (``FlowRun/declineTerms()``); the run ended with
  /// ``FlowOutcome/termsDeclined``.
  case declined

  /// Whether the one-time code may be asked for: the terms are accepted or not required.
  public var allowsCode: Bool { self == .notRequired || self == .accepted }

  /// The name: `pending`, `accepted`.
  public var description: String { rawValue }
}
