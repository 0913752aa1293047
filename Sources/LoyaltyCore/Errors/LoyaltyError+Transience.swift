extension LoyaltyError {
  /// Whether an HTTP status says "not now" rather than "no": 408 (the server timed the
  /// request out), 429 (too many requests) and every 5xx. Every other status is the
  /// server's answer, and the same request would get it again.
  ///
  /// The one rule behind ``isTransient``: retries, the session's refresh and the market's
  /// fallback to its cache all read a status through it.
  public static func isTransient(status: Int) -> Bool {
    status == 408 || status == 429 || (500...599).contains(status)
  }

  /// The HTTP status the server answered with, when the error came from one (an error
  /// status, a rate limit, a payload too large, a status that ended the session); `nil`
  /// otherwise.
  public var httpStatus: Int? {
    metadata["status"].flatMap { Int($0) }
  }

  /// Whether the failure says "not now" rather than "no", so that the same call may
  /// succeed later: the network could not be reached or did not answer
  /// (``Code/notConnected``, ``Code/timedOut``, ``Code/connectionLost``,
  /// ``Code/transportFailed``), the server answered a transient status
  /// (``isTransient(status:)``, ``Code/rateLimited``), or the session could not be
  /// refreshed for now or the circuit breaker holds calls back (``Code/refreshFailed``,
  /// ``Code/circuitOpen``). Not a refusal of the server's (another status, an envelope's
  /// status), a decoding failure, an ended session, a bad URL or a cancelled call.
  ///
  /// Whether the call may be sent again *at once* is another question: one that may
  /// have reached the server is sent again only when it is idempotent
  /// (`mayHaveReachedServer`, in LoyaltyNetwork).
  public var isTransient: Bool {
    switch code {
    case .notConnected, .timedOut, .connectionLost, .transportFailed: true
    case .rateLimited, .refreshFailed, .circuitOpen: true
    case .httpStatus: httpStatus.map(Self.isTransient(status:)) ?? false
    default: false
    }
  }
}
