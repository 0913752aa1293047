/// Computes the `loyalty-signature` header the backend checks on every request.
///
/// The platform's scheme is the lowercase hex SHA-256 of the API key followed by the
/// `loyalty-date` timestamp. LoyaltySecurity also offers HMAC-SHA256 for backends that
/// accept it.
///
/// Every conforming type must be deterministic (the same inputs give the same
/// signature), must not log its inputs, and must be safe to call concurrently.
public protocol RequestSigner: Sendable {
  /// The signature for a request sent at `timestamp` (Unix seconds, as sent in
  /// `loyalty-date`).
  func signature(apiKey: String, timestamp: String) throws -> String
}
