public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The contract every ``LoyaltyCore/HTTPTransport`` must keep, as a check any
/// implementation can run over a real socket.
///
/// Each check starts a ``LoopbackHTTPServer`` on 127.0.0.1, builds a transport for it with
/// `makeTransport`, and stops the server when it ends, whatever happens. The checks, in
/// order: a round trip (method, headers and body out; status, headers and body back);
/// 4xx and 5xx as responses; gzip decoding (and a gzip file left as it came); a refused
/// connection as "nothing was sent"; an answer reset or closed half-way as "may have
/// reached the server"; bodies over the limit (with and without `Content-Length`, and a
/// gzip bomb) refused; a redirect loop as an invalid response; cancellation; the
/// transport's own deadline, when it says it keeps one; and 50 concurrent calls.
///
/// ```swift
/// @Test func conforms() async throws {
///   try await HTTPTransportConformance.check { configuration in
///     MyTransport(configuration: configuration)
///   }
/// }
/// ```
public enum HTTPTransportConformance {
  /// The capability named in every ``ConformanceFailure`` of this suite.
  static let name = "HTTPTransport"

  /// Runs every check against transports from `makeTransport`.
  /// - Parameters:
  ///   - maxBodySize: The response size limit, in bytes, put in each configuration given
  ///     to `makeTransport` (``LoyaltyCore/NetworkConfiguration/maxResponseBytes``); at
  ///     least 1 KiB. Kept small, so the oversized answers stay small: a body of this
  ///     size must come back whole, and the gzip bomb inflates to 16 times it.
  ///   - slack: How much longer than on a quiet machine a bounded step may take: a
  ///     cancelled call must end within it, a transport that keeps its deadlines must end
  ///     a dripped call within its 1 s timeout plus it. Raise it on a loaded or
  ///     sanitized build.
  ///   - makeTransport: A transport that applies `configuration`: its
  ///     ``LoyaltyCore/NetworkConfiguration/requestTimeout`` (and resource timeout) to
  ///     requests without a timeout of their own, and its
  ///     ``LoyaltyCore/NetworkConfiguration/maxResponseBytes`` to every body, as
  ///     received and once decompressed.
  /// - Throws: The first ``ConformanceFailure`` found, naming the broken rule; or the
  ///   error `makeTransport` or the loopback server threw.
  public static func check(
    maxBodySize: Int = 64 * 1_024,
    slack: Duration = .seconds(5),
    makeTransport:
      @escaping @Sendable (_ configuration: NetworkConfiguration) async throws ->
      any HTTPTransport
  ) async throws {
    let checks = Checks(
      limit: max(1_024, maxBodySize), slack: slack, makeTransport: makeTransport)
    try await checks.roundTrip()
    try await checks.errorStatuses()
    try await checks.gzip()
    try await checks.refusedConnection()
    try await checks.cutAnswers()
    try await checks.bodyLimit()
    try await checks.redirectLoop()
    try await checks.cancellation()
    try await checks.deadline()
    try await checks.concurrency()
  }
}

extension HTTPTransportConformance {
  /// The checks, with what every one of them needs.
  struct Checks {
    /// The response size limit given to each transport.
    let limit: Int
    /// The room a bounded step gets beyond its nominal time.
    let slack: Duration
    /// Builds a transport for a configuration.
    let makeTransport: @Sendable (NetworkConfiguration) async throws -> any HTTPTransport

    /// A configuration with the size limit and a request timeout of `seconds` (the
    /// resource timeout twice that).
    func configuration(timeout seconds: Double) -> NetworkConfiguration {
      NetworkConfiguration(
        requestTimeout: seconds, resourceTimeout: seconds * 2, maxResponseBytes: limit)
    }

    /// A transport with a request timeout of `seconds`: long by default, so that a busy
    /// machine never turns a step into a timeout.
    func transport(timeout seconds: Double = 60) async throws -> any HTTPTransport {
      try await makeTransport(configuration(timeout: seconds))
    }

    /// Runs `body` with a server answering with `handler`, and stops the server however
    /// `body` ends.
    func withServer<Result>(
      _ handler: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response,
      _ body: (LoopbackHTTPServer) async throws -> Result
    ) async throws -> Result {
      let server = try LoopbackHTTPServer(handler: handler)
      defer { server.stop() }
      return try await body(server)
    }

    /// Throws a ``ConformanceFailure`` naming `rule` unless `condition` holds.
    func require(_ condition: Bool, _ rule: String, _ detail: @autoclosure () -> String = "")
      throws
    {
      guard condition else {
        throw ConformanceFailure(
          capability: HTTPTransportConformance.name, property: rule, detail: detail())
      }
    }

    /// The response of `request`, or a ``ConformanceFailure`` naming `rule` with the
    /// error the transport threw.
    func response(
      _ transport: any HTTPTransport, _ request: HTTPRequest, _ rule: String
    ) async throws -> HTTPResponse {
      do {
        return try await transport.send(request)
      } catch {
        throw ConformanceFailure(
          capability: HTTPTransportConformance.name, property: rule,
          detail: "threw \(describe(error))")
      }
    }

    /// The ``LoyaltyCore/LoyaltyError`` `request` ends in, or a ``ConformanceFailure``
    /// naming `rule` when it returns a response or throws another error.
    func loyaltyError(
      _ transport: any HTTPTransport, _ request: HTTPRequest, _ rule: String
    ) async throws -> LoyaltyError {
      let response: HTTPResponse
      do {
        response = try await transport.send(request)
      } catch let error as LoyaltyError {
        return error
      } catch {
        throw ConformanceFailure(
          capability: HTTPTransportConformance.name, property: rule,
          detail: "threw \(describe(error)), not a LoyaltyError")
      }
      throw ConformanceFailure(
        capability: HTTPTransportConformance.name, property: rule,
        detail: "returned status \(response.status) with \(response.body.count) bytes")
    }
  }
}

/// An error as a failure's detail shows it: a ``LoyaltyCore/LoyaltyError`` by its code.
func describe(_ error: any Error) -> String {
  guard let error = error as? LoyaltyError else { return String(describing: error) }
  let underlying = error.underlyingDescription.map { " (\($0))" } ?? ""
  return "\(error.code.name): \(error.message)\(underlying)"
}
