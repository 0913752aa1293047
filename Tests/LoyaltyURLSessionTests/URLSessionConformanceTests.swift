import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyTestSupport
import LoyaltyURLSession
import Testing

/// The HTTPTransport contract over a real socket: URLSessionTransport passes it, and
/// transports that break one rule fail it, naming that rule. Not serialized: each check
/// has a loopback server of its own, and most of the suite's time is spent waiting for
/// deadlines to pass (one after another, they were the longest chain of the whole test
/// run under ThreadSanitizer).
@Suite("HTTPTransport conformance")
struct URLSessionConformanceTests {
  static let slack = Duration.seconds(TestTime.slack(5))

  @Test("URLSessionTransport passes the HTTPTransport conformance checks")
  func urlSessionConforms() async throws {
    try await HTTPTransportConformance.check(slack: Self.slack) { configuration in
      URLSessionTransport(configuration: configuration)
    }
  }

  @Test("a transport that calls every failure notConnected fails the check, named")
  func everythingNotConnected() async throws {
    let failure = try await #require(throws: ConformanceFailure.self) {
      try await HTTPTransportConformance.check(slack: Self.slack) { configuration in
        NothingSentTransport(base: URLSessionTransport(configuration: configuration))
      }
    }
    #expect(failure.capability == "HTTPTransport")
    #expect(failure.property.contains("reset after its head"), "\(failure)")
    #expect(failure.property.contains("may have reached the server"), "\(failure)")
    #expect(failure.detail.contains("notConnected"), "\(failure)")
  }

  @Test("a transport that throws on a 4xx fails the check, named")
  func statusThrows() async throws {
    let failure = try await #require(throws: ConformanceFailure.self) {
      try await HTTPTransportConformance.check(slack: Self.slack) { configuration in
        StatusThrowingTransport(base: URLSessionTransport(configuration: configuration))
      }
    }
    #expect(failure.property == "a 400 answer is a response, not an error", "\(failure)")
  }

  @Test("a transport that ignores cancellation fails the check, named")
  func ignoresCancellation() async throws {
    let failure = try await #require(throws: ConformanceFailure.self) {
      try await HTTPTransportConformance.check(slack: Self.slack) { configuration in
        UncancellableTransport(base: URLSessionTransport(configuration: configuration))
      }
    }
    #expect(failure.property.contains("cancelling the calling task"), "\(failure)")
  }

  @Test("a transport that keeps its deadlines itself passes the deadline check too")
  func keepsDeadlines() async throws {
    try await HTTPTransportConformance.check(slack: Self.slack) { configuration in
      DeadlineKeepingTransport(
        base: URLSessionTransport(configuration: configuration),
        timeout: configuration.requestTimeout)
    }
  }

  @Test("a transport that says it keeps its deadlines, and does not, fails the check, named")
  func claimsDeadlines() async throws {
    let failure = try await #require(throws: ConformanceFailure.self) {
      try await HTTPTransportConformance.check(slack: Self.slack) { configuration in
        DeadlineClaimingTransport(base: URLSessionTransport(configuration: configuration))
      }
    }
    #expect(failure.property.contains("keeps its deadlines"), "\(failure)")
  }
}

/// Calls every failure "nothing was sent", a reset answer too.
private struct NothingSentTransport: HTTPTransport {
  let base: URLSessionTransport

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    do {
      return try await base.send(request)
    } catch let error as LoyaltyError {
      throw LoyaltyError(.notConnected, error.message)
    }
  }
}

/// Throws for every status of 400 and above, as if it were no answer.
private struct StatusThrowingTransport: HTTPTransport {
  let base: URLSessionTransport

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response = try await base.send(request)
    guard response.status < 400 else {
      throw LoyaltyError(.httpStatus, "status \(response.status)")
    }
    return response
  }
}

/// Sends every request from a task of its own, which the caller's cancel never reaches.
private struct UncancellableTransport: HTTPTransport {
  let base: URLSessionTransport

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let base = base
    return try await Task.detached { try await base.send(request) }.value
  }
}

/// Races every call against its timeout, and says so: a transport that keeps its
/// deadlines.
private struct DeadlineKeepingTransport: HTTPTransport {
  let base: URLSessionTransport
  let timeout: Double

  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let base = base
    let seconds = request.timeout ?? timeout
    return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
      group.addTask { try await base.send(request) }
      group.addTask {
        try await Task.sleep(for: .seconds(seconds))
        throw LoyaltyError(.timedOut, "The request timed out.")
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else {
        throw LoyaltyError(.timedOut, "The request timed out.")
      }
      return first
    }
  }
}

/// Says it keeps its deadlines, and leaves them to URLSession, which keeps none on a
/// dripped body.
private struct DeadlineClaimingTransport: HTTPTransport {
  let base: URLSessionTransport

  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await base.send(request)
  }
}
