/// Which account or payment flow a run drives.
public enum FlowKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Set a first PIN: start screen, one-time code, then the new PIN.
  case setPIN
  /// Change the PIN: the old and new PIN, then a one-time code.
  case changePIN
  /// Reset a forgotten PIN: start screen, one-time code, then the new PIN.
  case forgotPIN
  /// Pay a merchant's QR code (CPQRC): validate, face images when required, one-time
  /// code, confirm, then the payment's status.
  case qrPayment

  /// The `scope` header the flow's calls carry: `PinSet` for the PIN flows,
  /// `Transaction` for payments (seed 24-27).
  public var scope: String {
    switch self {
    case .setPIN, .changePIN, .forgotPIN: "PinSet"
    case .qrPayment: "Transaction"
    }
  }

  /// The flow's name: `setPIN`, `qrPayment`.
  public var description: String { rawValue }
}
