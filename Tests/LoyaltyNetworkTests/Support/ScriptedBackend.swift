import Foundation
import LoyaltyCore
import LoyaltyNetwork

/// An in-process backend for network tests: it issues JWT access tokens, accepts only
/// the current one, counts calls, tracks calls in flight, and lets a test script
/// responses per path.
final class ScriptedBackend: HTTPTransport {
  typealias Handler = @Sendable (HTTPRequest, ScriptedBackend) async throws -> HTTPResponse

  private struct State {
    var calls: [String: Int] = [:]
    var requests: [HTTPRequest] = []
    var inFlight = 0
    var maximumInFlight = 0
    var validTokens: Set<String> = []
    var issued = 0
    var handlers: [String: Handler] = [:]
  }

  private let state = Locked(State())
  let clock: any LoyaltyClock
  /// How long issued access tokens live.
  let tokenLifetime: TimeInterval
  /// A delay added to every call, to build up concurrency.
  let latency: Duration

  init(clock: any LoyaltyClock, tokenLifetime: TimeInterval = 3_600, latency: Duration = .zero) {
    self.clock = clock
    self.tokenLifetime = tokenLifetime
    self.latency = latency
  }

  // MARK: Tokens

  /// A JWT-shaped access token expiring `lifetime` seconds from the clock's now, marked
  /// valid on the server.
  func issueToken(lifetime: TimeInterval? = nil) -> TokenPair {
    let (index, expiry) = state.withLock { state -> (Int, Int) in
      state.issued += 1
      return (state.issued, Int(clock.now.timeIntervalSince1970 + (lifetime ?? tokenLifetime)))
    }
    let header = Base64URL.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
    let claims = Base64URL.encode(Data(#"{"sub":"user-1","exp":\#(expiry),"n":\#(index)}"#.utf8))
    let access = "\(header).\(claims).sig\(index)"
    state.withLock { _ = $0.validTokens.insert(access) }
    return TokenPair(accessToken: access, refreshToken: "refresh-\(index)")
  }

  func revokeAll() { state.withLock { $0.validTokens.removeAll() } }
  func isValid(_ token: String) -> Bool { state.withLock { $0.validTokens.contains(token) } }

  // MARK: Scripting

  /// Answers requests whose path ends with `suffix`.
  func on(_ suffix: String, _ handler: @escaping Handler) {
    state.withLock { $0.handlers[suffix] = handler }
  }

  /// Calls made to paths ending with `suffix` (trailing slashes are kept).
  func calls(_ suffix: String) -> Int {
    state.withLock { state in
      state.calls.filter { $0.key.hasSuffix(suffix) }.map(\.value).reduce(0, +)
    }
  }

  var requests: [HTTPRequest] { state.withLock { $0.requests } }

  /// Without latency it answers at once, so the client need not race it against a timer
  /// (the deadline guard's own tests use a transport that does not answer).
  var keepsDeadlines: Bool { latency == .zero }
  var maximumInFlight: Int { state.withLock { $0.maximumInFlight } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let path =
      URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedPath
      ?? request.url.path
    let handler = state.withLock { state -> Handler? in
      state.calls[path, default: 0] += 1
      state.requests.append(request)
      state.inFlight += 1
      state.maximumInFlight = max(state.maximumInFlight, state.inFlight)
      return state.handlers.first { path.hasSuffix($0.key) }?.value
    }
    defer { state.withLock { $0.inFlight -= 1 } }
    if latency > .zero {
      try await Task.sleep(for: latency)
    }
    guard let handler else {
      return Self.json(404, ["status": "0", "msg": "no route for \(path)"])
    }
    return try await handler(request, self)
  }

  // MARK: Responses

  static func json(_ status: Int, _ object: [String: Any], headers: HTTPHeaders = [:])
    -> HTTPResponse
  {
    let body =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
      ?? Data()
    var all = headers
    all.add(name: "Content-Type", value: "application/json")
    return HTTPResponse(status: status, headers: all, body: body)
  }

  static func ok(_ context: [String: Any] = [:]) -> HTTPResponse {
    json(200, ["status": "1", "context": context])
  }

  /// A handler that serves a bearer endpoint: 401 unless the token is current.
  static func protected(_ body: @escaping @Sendable (HTTPRequest) -> HTTPResponse = { _ in ok() })
    -> Handler
  {
    { request, backend in
      let token = (request.headers["Authorization"] ?? "").replacingOccurrences(
        of: "Bearer ", with: "")
      guard backend.isValid(token) else {
        return json(401, ["status": "0", "msg": "invalid token"])
      }
      return body(request)
    }
  }

  /// A logout handler with standard auth: 401 unless the body's `access_token` is
  /// current; a request carrying an `Authorization` header is refused with 400.
  static func logout() -> Handler {
    { request, backend in
      guard request.headers["Authorization"] == nil else {
        return json(400, ["status": "0", "msg": "logout takes standard auth"])
      }
      let body = request.body.flatMap { try? JSONSerialization.jsonObject(with: $0) }
      let token = (body as? [String: Any])?["access_token"] as? String ?? ""
      guard backend.isValid(token) else {
        return json(401, ["status": "0", "msg": "invalid token"])
      }
      return ok()
    }
  }

  /// A refresh handler that rotates the tokens.
  static func rotatingRefresh() -> Handler {
    { _, backend in
      let pair = backend.issueToken()
      return json(
        200,
        ["status": "1", "access_token": pair.accessToken, "refresh_token": pair.refreshToken])
    }
  }
}
