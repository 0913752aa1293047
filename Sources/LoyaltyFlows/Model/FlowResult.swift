/// What a flow achieved: the payload of ``FlowCallbacks/onSuccess``.
public enum FlowResult: Sendable, Hashable {
  /// The first PIN was set.
  case pinSet
  /// The PIN was changed.
  case pinChanged
  /// A forgotten PIN was replaced.
  case pinReset
  /// A QR payment was confirmed.
  case payment(PaymentReceipt)
}
