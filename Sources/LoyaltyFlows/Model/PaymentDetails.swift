/// What the server said about a QR payment when it validated the payment reference.
public struct PaymentDetails: Sendable, Hashable, CustomStringConvertible {
  /// The payment reference the QR code carries.
  public let paymentReference: String
  /// The transaction the server opened; the confirm and resend calls name it.
  public let transactionID: String
  /// The amount, as the server wrote it, when it said.
  public let amount: String?
  /// The merchant's name, when the server said.
  public let merchantName: String?
  /// Whether the server asks for face images (smile and blink) before the code.
  public let faceVerificationRequired: Bool

  /// Creates details.
  public init(
    paymentReference: String, transactionID: String, amount: String?, merchantName: String?,
    faceVerificationRequired: Bool
  ) {
    self.paymentReference = paymentReference
    self.transactionID = transactionID
    self.amount = amount
    self.merchantName = merchantName
    self.faceVerificationRequired = faceVerificationRequired
  }

  /// `PaymentDetails(transactionID: ..., amount: ..., faceVerificationRequired: ...)`.
  public var description: String {
    "PaymentDetails(reference: \(paymentReference), transactionID: \(transactionID), "
      + "amount: \(amount ?? "-"), merchant: \(merchantName ?? "-"), "
      + "faceVerificationRequired: \(faceVerificationRequired))"
  }
}
