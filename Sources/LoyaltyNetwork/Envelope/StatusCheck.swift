import LoyaltyCore

/// Where a response says whether the call succeeded.
public enum StatusCheck: Sendable, Hashable {
  /// The envelope's `status` must be 1.
  case envelope
  /// The `<domain>-status` field must be 1 (`MAPP_CAMPAIGNING-status`).
  case domain(String)
  /// The envelope's `status` must be 1 when present; a response without one is accepted
  /// (token responses).
  case envelopeIfPresent
  /// Only the HTTP status counts.
  case httpOnly

  /// Throws ``LoyaltyCore/LoyaltyError/Code/serverStatus`` unless `envelope` reports
  /// success.
  func verify(_ envelope: ResponseEnvelope, endpoint: String) throws {
    let status: Int?
    let required: Bool
    switch self {
    case .envelope:
      status = envelope.status
      required = true
    case .domain(let domain):
      status = envelope.status(ofDomain: domain) ?? envelope.status
      required = true
    case .envelopeIfPresent:
      status = envelope.status
      required = false
    case .httpOnly:
      return
    }
    if status == 1 || (status == nil && !required) {
      return
    }
    var metadata = ["endpoint": endpoint, "httpStatus": String(envelope.httpStatus)]
    metadata["serverStatus"] = status.map(String.init) ?? "missing"
    throw LoyaltyError(
      .serverStatus,
      status == nil
        ? "The response has no status."
        : "The server answered with status \(status.map(String.init) ?? "")"
          + (envelope.message.map { ": \($0)" } ?? "."),
      metadata: metadata)
  }
}
