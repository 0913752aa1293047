/// What the PIN screen asks for.
public enum PINEntry: String, Sendable, Hashable, CustomStringConvertible {
  /// A new PIN and its confirmation: ``FlowRun/submitPIN(_:confirmation:)``.
  case new
  /// The old PIN, a new one and its confirmation:
  /// ``FlowRun/submitPINChange(old:new:confirmation:)``.
  case change

  /// `new` or `change`.
  public var description: String { rawValue }
}
