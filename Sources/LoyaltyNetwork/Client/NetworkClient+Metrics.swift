import LoyaltyCore

/// The call metrics: `loyalty_requests` and `loyalty_request_duration`, once per call at
/// the client's outer level. Only reached when a recorder is installed: without one, the
/// calls skip them and no clock is read.
extension NetworkClient {
  /// Runs `call`, the whole of one call to `endpoint`, and records its outcome and its
  /// duration on the monotonic clock. `outcome` names a result that is not a plain
  /// success (a raw response with an error status).
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func measured<Result>(
    _ endpoint: String, by metrics: any MetricsRecorder,
    outcome: (Result) -> String = { _ in LoyaltyMetric.Outcome.success },
    _ call: () async throws -> Result
  ) async throws -> Result {
    let start = ContinuousClock.now
    do {
      let result = try await call()
      Self.record(endpoint, outcome: outcome(result), since: start, to: metrics)
      return result
    } catch {
      Self.record(
        endpoint, outcome: LoyaltyMetric.Outcome.failure(error), since: start, to: metrics)
      throw error
    }
  }

  /// Makes the refresh call and records it like any other call, as endpoint
  /// `refreshToken`: a refused refresh token and a failure both carry their error code.
  static func measuredRefresh(
    by metrics: (any MetricsRecorder)?, _ refresh: () async -> RefreshOutcome
  ) async -> RefreshOutcome {
    guard let metrics else { return await refresh() }
    let start = ContinuousClock.now
    let result = await refresh()
    let outcome =
      switch result {
      case .refreshed: LoyaltyMetric.Outcome.success
      case .rejected(let error), .transient(let error): error.code.name
      }
    record(AuthEndpoints.refreshName, outcome: outcome, since: start, to: metrics)
    return result
  }

  /// The outcome of a raw response: `success` for a 2xx, else the code the status
  /// would fail a call with.
  static func outcome(of response: HTTPResponse) -> String {
    guard !response.isSuccess else { return LoyaltyMetric.Outcome.success }
    return switch response.status {
    case 429: LoyaltyError.Code.rateLimited.name
    case 413: LoyaltyError.Code.payloadTooLarge.name
    default: LoyaltyError.Code.httpStatus.name
    }
  }

  private static func record(
    _ endpoint: String, outcome: String, since start: ContinuousClock.Instant,
    to metrics: any MetricsRecorder
  ) {
    let elapsed = start.duration(to: .now)
    metrics.record(
      .counter(
        LoyaltyMetric.Name.requests,
        dimensions: [
          .init(LoyaltyMetric.DimensionKey.endpoint, endpoint),
          .init(LoyaltyMetric.DimensionKey.outcome, outcome),
        ]))
    metrics.record(
      .timer(
        LoyaltyMetric.Name.requestDuration, duration: elapsed,
        dimensions: [.init(LoyaltyMetric.DimensionKey.endpoint, endpoint)]))
  }
}
