/// What the sandbox has seen, for a test to assert on.
public struct SandboxCounters: Sendable, Equatable {
  /// Requests received per call, faulted and refused ones included.
  public var requests: [SandboxEndpoint: Int] = [:]
  /// Answers per HTTP status (dropped connections are not answers).
  public var statuses: [Int: Int] = [:]
  /// Successful logins of every kind.
  public var logins = 0
  /// Refresh calls received.
  public var refreshCalls = 0
  /// Refresh calls refused: unknown, expired or reused refresh tokens.
  public var rejectedRefreshes = 0
  /// Refresh tokens presented a second time (each such reuse also ends that session).
  public var reusedRefreshTokens = 0
  /// Analytics batches received.
  public var analyticsBatches = 0
  /// Analytics events received in batches that were accepted, duplicates included.
  public var analyticsEventsReceived = 0
  /// Analytics events stored (first time their `event_id` was seen).
  public var analyticsEventsAccepted = 0
  /// Analytics events whose `event_id` had already been stored.
  public var analyticsDuplicates = 0
  /// Analytics events refused as invalid.
  public var analyticsRejected = 0
  /// Analytics `event_id`s forgotten to stay within
  /// ``SandboxConfiguration/maxRememberedEventIDs``.
  public var analyticsIDsForgotten = 0
  /// Access and refresh tokens forgotten to stay within
  /// ``SandboxConfiguration/maxIssuedTokens``.
  public var tokensForgotten = 0
  /// Device info registrations received.
  public var deviceInfoUpdates = 0
  /// Requests refused with 401.
  public var unauthorized = 0
  /// Faults applied, latency excluded.
  public var faultsInjected = 0
  /// Requests answered with the first answer to their `Idempotency-Key`, without acting
  /// again.
  public var idempotentReplays = 0
  /// Requests refused with 422 because their `Idempotency-Key` had been used with another
  /// body.
  public var idempotencyConflicts = 0
  /// Idempotency keys forgotten to stay within
  /// ``SandboxConfiguration/maxIdempotencyKeys``.
  public var idempotencyKeysForgotten = 0

  /// Creates empty counters.
  public init() {}

  /// Requests received for `endpoint`.
  public func requests(to endpoint: SandboxEndpoint) -> Int {
    requests[endpoint, default: 0]
  }

  /// Requests received in total.
  public var totalRequests: Int { requests.values.reduce(0, +) }
}
