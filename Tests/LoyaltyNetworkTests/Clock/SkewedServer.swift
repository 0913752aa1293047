import Foundation
import LoyaltyCore
import LoyaltyNetwork

/// An in-process server with a clock of its own: it issues JWTs whose `iat` and `exp` are
/// its time, refuses with 401 a bearer token whose `exp` has passed on its clock, and
/// (when `sendsDate`) dates every answer, as a real server does.
final class SkewedServer: HTTPTransport {
  private struct State {
    var issued = 0
    var refreshes = 0
    var unauthorized = 0
    /// Every access token issued, in order, and the calls each authorized.
    var tokens: [String] = []
    var uses: [String: Int] = [:]
  }

  /// The server's time.
  let time: ManualClock
  /// How long its access tokens live.
  let lifetime: TimeInterval
  /// Whether answers carry a `Date` header.
  let sendsDate: Bool
  /// Whether tokens carry `iat`.
  let issuesIAT: Bool
  private let state = Locked(State())

  init(time: ManualClock, lifetime: TimeInterval = 3_600, sendsDate: Bool, issuesIAT: Bool) {
    self.time = time
    self.lifetime = lifetime
    self.sendsDate = sendsDate
    self.issuesIAT = issuesIAT
  }

  var keepsDeadlines: Bool { true }
  var refreshes: Int { state.withLock { $0.refreshes } }
  var unauthorized: Int { state.withLock { $0.unauthorized } }
  /// The calls each access token authorized, in the order the tokens were issued.
  var usesPerToken: [Int] { state.withLock { state in state.tokens.map { state.uses[$0] ?? 0 } } }

  /// A pair issued now on the server's clock.
  func issue() -> TokenPair {
    let serial = state.withLock { state -> Int in
      state.issued += 1
      return state.issued
    }
    let now = Int(time.now.timeIntervalSince1970)
    let iat = issuesIAT ? #","iat":\#(now)"# : ""
    let claims = #"{"sub":"u","exp":\#(now + Int(lifetime))\#(iat),"n":\#(serial)}"#
    let access =
      Base64URL.encode(Data(#"{"alg":"HS256"}"#.utf8)) + "."
      + Base64URL.encode(Data(claims.utf8)) + ".sig"
    state.withLock { $0.tokens.append(access) }
    return TokenPair(accessToken: access, refreshToken: "refresh-\(serial)")
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var headers: HTTPHeaders = ["Content-Type": "application/json"]
    if sendsDate {
      headers.add(name: "Date", value: Self.httpDate(time.now))
    }
    if request.url.path.hasSuffix("/token") {
      state.withLock { $0.refreshes += 1 }
      let pair = issue()
      let body =
        #"{"status":"1","access_token":"\#(pair.accessToken)","refresh_token":"\#(pair.refreshToken)"}"#
      return HTTPResponse(status: 200, headers: headers, body: Data(body.utf8))
    }
    if let authorization = request.headers["Authorization"] {
      let token = String(authorization.dropFirst("Bearer ".count))
      let expiry = (try? JSONWebToken(token).expiresAt) ?? .distantPast
      guard expiry > time.now else {
        state.withLock { $0.unauthorized += 1 }
        return HTTPResponse(
          status: 401, headers: headers, body: Data(#"{"status":"0","msg":"expired"}"#.utf8))
      }
      state.withLock { $0.uses[token, default: 0] += 1 }
    }
    return HTTPResponse(status: 200, headers: headers, body: Data(#"{"status":"1"}"#.utf8))
  }

  static func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }
}
