import LoyaltyCore

/// One call of a transport, sent from a task of its own so that a check can wait for it
/// a bounded time, cancel it, and never hang on a transport that does not stop.
struct InFlightCall: Sendable {
  private let task: Task<Void, Never>
  private let outcome: Locked<Result<HTTPResponse, any Error>?>

  /// Sends `request` through `transport`, at once.
  init(_ transport: any HTTPTransport, _ request: HTTPRequest) {
    let outcome = Locked<Result<HTTPResponse, any Error>?>(nil)
    self.outcome = outcome
    self.task = Task {
      let result: Result<HTTPResponse, any Error>
      do {
        result = .success(try await transport.send(request))
      } catch {
        result = .failure(error)
      }
      outcome.withLock { $0 = result }
    }
  }

  /// Cancels the calling task.
  func cancel() {
    task.cancel()
  }

  /// How the call ended, waiting for it at most `limit`; `nil` when it has not ended.
  func result(within limit: Duration) async -> Result<HTTPResponse, any Error>? {
    let deadline = ContinuousClock.now + limit
    while true {
      if let result = outcome.withLock({ $0 }) { return result }
      guard ContinuousClock.now < deadline else { return nil }
      try? await Task.sleep(for: .milliseconds(10))
    }
  }
}
