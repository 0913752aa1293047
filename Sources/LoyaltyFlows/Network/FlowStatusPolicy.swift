import LoyaltyCore
public import LoyaltyNetwork

/// Which statuses end a flow (seed 62-66, 149-155): 401, 444, 500 and 501. Every other
/// error status (400, 404, 409, 422...) is shown inline and the flow goes on. Multipart
/// calls follow the same policy (the seed's multipart path forgets to close on 401 and
/// 444).
public struct FlowStatusPolicy: Sendable, Hashable {
  /// The statuses that end the flow.
  public var fatalStatuses: Set<Int>

  /// Creates a policy; by default the statuses of the network's strict
  /// ``LoyaltyNetwork/ErrorPolicy/strict`` policy (401, 444, 500, 501), applied to the
  /// flow rather than to the whole session.
  public init(fatalStatuses: Set<Int> = ErrorPolicy.strict.sessionEndingStatuses) {
    self.fatalStatuses = fatalStatuses
  }

  // Not specialised: runs once per step: one copy for every response type (a copy per type cost 16 KB).

  /// Sends `endpoint` and applies the policy.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/notOffered`` when the flow's first call
  ///   says the backend has no flows (``LoyaltyNetwork/NotOffered``),
  ///   ``LoyaltyCore/LoyaltyError/Code/flowFatalStatus`` for a fatal status,
  ///   ``LoyaltyCore/LoyaltyError/Code/flowStepRejected`` for any other error status,
  ///   a network or decoding code otherwise.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func send<Response>(_ endpoint: Endpoint<Response>, on network: NetworkClient) async throws
    -> Response
  {
    let response: HTTPResponse
    do {
      response = try await network.response(for: endpoint)
    } catch let error as LoyaltyError where error.code == .unauthorized {
      throw fatal(401, endpoint: endpoint.name, underlying: error)
    }
    try NotOffered.check(response, for: endpoint)
    if fatalStatuses.contains(response.status) {
      throw fatal(response.status, endpoint: endpoint.name, underlying: nil)
    }
    do {
      return try NetworkClient.decode(response, for: endpoint)
    } catch let error as LoyaltyError
      where [.httpStatus, .rateLimited, .payloadTooLarge].contains(error.code)
    {
      let message =
        (try? EnvelopeReader(body: response.body, httpStatus: response.status))?.message
      throw LoyaltyError(
        .flowStepRejected,
        "\(endpoint.name) was refused (HTTP \(response.status))"
          + (message.map { ": \($0)" } ?? "."),
        metadata: ["endpoint": endpoint.name, "status": String(response.status)],
        underlying: error)
    }
  }

  private func fatal(_ status: Int, endpoint: String, underlying: LoyaltyError?) -> LoyaltyError {
    LoyaltyError(
      .flowFatalStatus, "\(endpoint) answered \(status), which ends the flow.",
      metadata: ["endpoint": endpoint, "status": String(status)], underlying: underlying)
  }
}
