public import LoyaltyCore

extension LoyaltyError {
  /// The metadata key a transport sets to `"false"` on a timeout or failure that happened
  /// before any byte of the request was written (a wait for a connection slot that ran
  /// out, say), so that the call counts as "nothing sent".
  public static let requestSentKey = "requestSent"

  /// Whether the request may have reached the server although no answer came back: the
  /// connection was lost or reset after sending (``Code/connectionLost``), the time ran
  /// out after sending (``Code/timedOut``), or the transfer failed some other way
  /// (``Code/transportFailed``). `false` for "nothing was sent"
  /// (``Code/notConnected``, or an error marked with ``requestSentKey``) and for every
  /// error that is not a transport's.
  ///
  /// A call that may have reached the server is sent again only when it is idempotent;
  /// otherwise it ends with ``Code/outcomeUnknown``.
  public var mayHaveReachedServer: Bool {
    switch code {
    case .connectionLost, .timedOut, .transportFailed:
      return metadata[Self.requestSentKey] != "false"
    default:
      return false
    }
  }

  /// The idempotency key the call carried, on an ``Code/outcomeUnknown`` error: sending
  /// the call again with it is safe on a backend that honours keys.
  public var idempotencyKey: IdempotencyKey? {
    metadata["idempotencyKey"].flatMap(IdempotencyKey.init)
  }

  /// The error a call that is not idempotent ends with when `self` says it may have
  /// reached the server: ``Code/outcomeUnknown``, naming the call and its key.
  static func outcomeUnknown(
    endpoint: String, key: String?, after error: LoyaltyError
  ) -> LoyaltyError {
    // The key is kept as it is: masking could take a UUID's digits for a card number.
    var verbatim: [String: String] = [:]
    verbatim["idempotencyKey"] = key.flatMap(IdempotencyKey.init)?.rawValue
    return LoyaltyError(
      .outcomeUnknown,
      "\(endpoint) may have reached the server, and no answer came back: the server may "
        + "have acted on it. It was not sent again.",
      recoverySuggestion:
        "Check the outcome (a coupon's or payment's status) or send the call again with "
        + "the same idempotency key.",
      metadata: ["endpoint": endpoint], verbatim: verbatim, underlying: error)
  }
}
