/// An `Idempotency-Key` the sandbox remembers, and the status of the first answer it
/// gave for it (``SandboxBackend/idempotencyRecords``).
public struct SandboxIdempotencyRecord: Sendable, Hashable {
  /// The key, as the request sent it.
  public let key: String
  /// The request's method.
  public let method: String
  /// The request's path.
  public let path: String
  /// Who sent it, as far as the sandbox can tell: `user:<id>`, `partner` or
  /// `device:<unique-device-id>`.
  public let caller: String
  /// The HTTP status of the first answer, which a retry with the same key gets again.
  public let status: Int
}
