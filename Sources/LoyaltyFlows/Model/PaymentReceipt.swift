/// A confirmed QR payment, with the status the server reported afterwards.
public struct PaymentReceipt: Sendable, Hashable {
  /// The payment reference the QR code carries.
  public let paymentReference: String
  /// The transaction the server opened at validation.
  public let transactionID: String
  /// The status the status call reported (`Success`), or `nil` when that call failed
  /// after the confirmation succeeded (the failure is logged).
  public let status: String?
  /// The amount, when the server said.
  public let amount: String?

  /// Creates a receipt.
  public init(paymentReference: String, transactionID: String, status: String?, amount: String?) {
    self.paymentReference = paymentReference
    self.transactionID = transactionID
    self.status = status
    self.amount = amount
  }
}
