import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The checks of time and load: cancellation, the transport's own deadline, concurrency.
extension HTTPTransportConformance.Checks {
  /// Cancelling the calling task while the server delays its answer ends the call
  /// within the slack, far below the delay, with an error.
  func cancellation() async throws {
    let rule = "cancelling the calling task ends the call promptly, with an error"
    // Far longer than the slack: a call that ends only with the answer fails the check.
    let delay = 60 + 4 * slack.inSeconds
    try await withServer({ _ in
      LoopbackHTTPServer.Response(status: 200, body: Data("late".utf8), delay: delay)
    }) { server in
      let transport = try await transport(timeout: min(300, delay + 60))
      let call = InFlightCall(transport, HTTPRequest(method: .get, url: server.url("/slow")))
      defer { call.cancel() }
      let arrived = await server.wait(upTo: slack.inSeconds) { !$0.requests.isEmpty }
      try require(arrived, rule, "the request never reached the server")
      let cancelled = ContinuousClock.now
      call.cancel()
      let result = await call.result(within: slack)
      let elapsed = ContinuousClock.now - cancelled
      switch result {
      case .success(let response)?:
        throw failure(rule, "returned status \(response.status) after the cancel")
      case .failure(let error)?:
        try require(
          error is CancellationError || (error as? LoyaltyError)?.code == .cancelled, rule,
          "threw \(describe(error)), not cancelled")
      case nil:
        throw failure(rule, "still running \(elapsed) after the cancel")
      }
    }
  }

  /// When the transport keeps its deadlines, a dripped body ends in
  /// ``LoyaltyCore/LoyaltyError/Code/timedOut`` by its 1 s request timeout (plus the
  /// slack). Skipped otherwise: the client keeps the deadlines of such a transport.
  func deadline() async throws {
    let probe = try await transport(timeout: 1)
    guard probe.keepsDeadlines else { return }
    let rule = "a transport that keeps its deadlines ends a dripped body by its timeout: timedOut"
    try await withServer({ _ in
      LoopbackHTTPServer.Response(
        status: 200, body: Data(repeating: UInt8(ascii: "d"), count: 400),
        behaviour: .drip(every: 0.5))
    }) { server in
      let started = ContinuousClock.now
      let call = InFlightCall(
        probe, HTTPRequest(method: .get, url: server.url("/drip"), timeout: 1))
      defer { call.cancel() }
      let result = await call.result(within: .seconds(1) + slack)
      let elapsed = ContinuousClock.now - started
      switch result {
      case nil:
        throw failure(rule, "still running after \(elapsed), beyond 1 s and the slack")
      case .success(let response)?:
        throw failure(rule, "returned status \(response.status) after \(elapsed)")
      case .failure(let error)?:
        try require(
          (error as? LoyaltyError)?.code == .timedOut, rule,
          "threw \(describe(error)) after \(elapsed)")
      }
    }
  }

  /// 50 concurrent calls are all answered, each with its own body.
  func concurrency() async throws {
    let rule = "50 concurrent calls are all answered, each with its own body"
    try await withServer({ request in
      LoopbackHTTPServer.Response(
        status: 200, body: Data("answer to ".utf8) + request.body)
    }) { server in
      let transport = try await transport()
      let mismatches = try await withThrowingTaskGroup(of: String?.self) { group in
        for index in 0..<50 {
          group.addTask {
            let body = Data("call \(index) \(String(repeating: "#", count: index * 20))".utf8)
            let response = try await self.response(
              transport,
              HTTPRequest(method: .post, url: server.url("/api/call/\(index)"), body: body),
              rule)
            return response.body == Data("answer to ".utf8) + body && response.status == 200
              ? nil : "call \(index) got \(response.status) with another body"
          }
        }
        var mismatches: [String] = []
        for try await mismatch in group {
          if let mismatch { mismatches.append(mismatch) }
        }
        return mismatches
      }
      try require(mismatches.isEmpty, rule, mismatches.prefix(3).joined(separator: "; "))
      try require(server.requests.count == 50, rule, "the server saw \(server.requests.count)")
    }
  }

  /// A failure of `rule`.
  private func failure(_ rule: String, _ detail: String) -> ConformanceFailure {
    ConformanceFailure(capability: HTTPTransportConformance.name, property: rule, detail: detail)
  }
}

extension Duration {
  /// The duration in seconds.
  var inSeconds: Double {
    let (whole, attoseconds) = components
    return Double(whole) + Double(attoseconds) / 1e18
  }
}
