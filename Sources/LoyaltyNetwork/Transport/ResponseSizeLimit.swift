public import LoyaltyCore

/// The cap on a response body's size, whatever its encoding: the network client checks
/// every response its transport returns, and `URLSessionTransport` stops reading once a
/// body passes it, so that a huge or hostile body cannot fill memory.
public struct ResponseSizeLimit: Sendable, Hashable {
  /// The most bytes a body may have.
  public let bytes: Int

  /// A limit of `bytes`; at least 1.
  public init(bytes: Int) {
    self.bytes = max(1, bytes)
  }

  /// The limit of a network configuration's ``LoyaltyCore/NetworkConfiguration/maxResponseBytes``.
  public init(_ configuration: NetworkConfiguration) {
    self.init(bytes: configuration.maxResponseBytes)
  }

  /// Throws when `count` bytes are more than the limit.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/responseTooLarge`` naming the limit.
  public func check(_ count: Int, host: String? = nil) throws {
    guard count > bytes else { return }
    throw error(host: host)
  }

  /// The error for a body larger than the limit.
  public func error(host: String? = nil) -> LoyaltyError {
    var metadata = ["limit": String(bytes)]
    if let host { metadata["host"] = host }
    return LoyaltyError(
      .responseTooLarge, "The response body is larger than \(bytes) bytes.",
      recoverySuggestion: "Raise network.maxResponseBytes if the server's answers are "
        + "legitimately this large.",
      metadata: metadata)
  }
}
