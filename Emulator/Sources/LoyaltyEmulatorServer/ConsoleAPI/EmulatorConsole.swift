public import Foundation
import LoyaltyCore
public import LoyaltySandbox
import Synchronization

/// The emulator's web console: the pages under `/_emulator/` and the JSON API under
/// `/_emulator/api/` (Docs/Sandbox.md, "The console"), over the backend the emulator
/// serves.
///
/// It keeps the request log (``record(_:)``), the pushes sent from its Actions page and a
/// version that changes whenever the state may have; the backend keeps the rest. Its
/// paths are outside every path of the SDK's calls, and the SDK's in-process transport
/// never reaches it. With a token, every console request must carry it: `Authorization:
/// Bearer <token>`, the cookie the first page sets, or `?token=` on a page's address. A
/// request that changes something must be `Content-Type: application/json`, which a page
/// of another origin cannot send without the browser asking first (and the console never
/// allows it).
public final class EmulatorConsole: Sendable {
  /// Where the console lives: every path under it is the console's.
  public static let prefix = "/_emulator/"
  /// The cookie that carries the token once a page was opened with `?token=`.
  static let cookieName = "loyalty-emulator-token"

  let backend: SandboxBackend
  let clock: OffsetClock
  let token: String?
  let log: RequestLog
  /// The whole run's ledger, when the emulator keeps one (`--ledger`).
  public let ledger: EmulatorLedger?
  private let extras = Mutex(Extras())

  /// What the console keeps besides the log.
  private struct Extras: Sendable {
    var version = 0
    var pushes: [JSONValue] = []
    var drips: [DripRule] = []
  }

  /// The most pushes kept for the State page.
  static let pushesKept = 200

  /// Creates a console.
  /// - Parameters:
  ///   - backend: The backend the emulator serves; its configuration's clock should be
  ///     `clock`, for the clock offset to move it.
  ///   - clock: The server's clock, which the Faults page sets ahead or behind.
  ///   - token: The token every console request must carry; `nil` for none.
  ///   - logLimit: The most requests the log keeps.
  ///   - ledger: The ledger the emulator keeps for the whole run, served at
  ///     `GET /_emulator/api/ledger`; `nil` for none.
  public init(
    backend: SandboxBackend, clock: OffsetClock, token: String? = nil, logLimit: Int = 1_000,
    ledger: EmulatorLedger? = nil
  ) {
    self.ledger = ledger
    self.backend = backend
    self.clock = clock
    self.token = token.flatMap { $0.isEmpty ? nil : $0 }
    self.log = RequestLog(limit: logLimit)
  }

  /// Whether `path` is the console's.
  public static func owns(path: String) -> Bool {
    path == "/_emulator" || path.hasPrefix(prefix)
  }

  /// The version of the state: it changes with every request logged and every action.
  var version: Int { extras.withLock { $0.version } }

  /// Adds a request the emulator served to the log.
  func record(_ exchange: LoggedExchange) {
    log.append(exchange)
    bump()
  }

  func bump() {
    extras.withLock { $0.version += 1 }
  }

  /// The pushes sent so far, oldest first.
  var pushes: [JSONValue] { extras.withLock { $0.pushes } }

  /// Keeps a push sent from the Actions page.
  func keep(push: JSONValue) {
    extras.withLock { extras in
      extras.pushes.append(push)
      if extras.pushes.count > Self.pushesKept { extras.pushes.removeFirst() }
      extras.version += 1
    }
  }

  /// The drips waiting for answers, in the order they apply.
  var drips: [DripRule] { extras.withLock { $0.drips } }

  /// Adds a drip for the next answers it applies to.
  func add(drip: DripRule) {
    extras.withLock { $0.drips.append(drip) }
  }

  /// Forgets every drip.
  func clearDrips() {
    extras.withLock { $0.drips.removeAll() }
  }

  /// The drip for an answer of `endpoint`, if one applies; it uses one of its answers up.
  func takeDrip(for endpoint: SandboxEndpoint) -> DripRule? {
    extras.withLock { extras in
      guard let index = extras.drips.firstIndex(where: { $0.applies(to: endpoint) }) else {
        return nil
      }
      let drip = extras.drips[index]
      extras.drips[index].remaining -= 1
      if extras.drips[index].remaining <= 0 { extras.drips.remove(at: index) }
      return drip
    }
  }

  // MARK: Answering

  /// Answers a request for one of the console's paths.
  /// - Parameters:
  ///   - method: The HTTP method.
  ///   - target: The path and query, as the request line has them.
  ///   - headers: The request's headers.
  ///   - body: The request's body.
  public func respond(
    method: String, target: String, headers: [(name: String, value: String)], body: Data
  ) -> ConsoleAnswer {
    let components = URLComponents(string: target)
    let path = components?.percentEncodedPath ?? target
    var query: [String: String] = [:]
    for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
    let fromQuery = query["token"].map { safeEquals($0, token ?? "") } ?? false
    guard token == nil || fromQuery || carriesToken(headers) else {
      return ConsoleError(401, "This console needs its token: open it with ?token=<token>.")
        .answer
    }
    var answer: ConsoleAnswer
    do {
      answer = try route(method: method, path: path, query: query, headers: headers, body: body)
    } catch {
      answer = error.answer
    }
    if let token, fromQuery {
      answer = answer.adding(
        "Set-Cookie", "\(Self.cookieName)=\(token); Path=/_emulator/; HttpOnly; SameSite=Strict")
    }
    return answer
  }

  private func route(
    method: String, path: String, query: [String: String],
    headers: [(name: String, value: String)], body: Data
  ) throws(ConsoleError) -> ConsoleAnswer {
    if path == "/_emulator" {
      return ConsoleAnswer.bytes(Data(), contentType: "text/plain").adding(
        "Location", Self.prefix
      ).withStatus(308)
    }
    let rest = String(path.dropFirst(Self.prefix.count))
    guard rest.hasPrefix("api/") else {
      guard method == "GET" || method == "HEAD" else {
        throw ConsoleError(405, "The console's pages are read with GET.")
      }
      return try ConsoleFiles.answer(for: rest.isEmpty ? "index.html" : rest)
    }
    if method != "GET", method != "HEAD" {
      let type = BodyPreview.header("Content-Type", in: headers)?.lowercased() ?? ""
      guard type.hasPrefix("application/json") else {
        throw ConsoleError(415, "A console request that changes something is application/json.")
      }
    }
    let input: JSONValue
    if body.isEmpty {
      input = .object([:])
    } else {
      do { input = try JSONValue(parsing: body) } catch {
        throw ConsoleError(400, "The body is not JSON.")
      }
    }
    return try api(method: method, path: String(rest.dropFirst(4)), query: query, body: input)
  }

  private func carriesToken(_ headers: [(name: String, value: String)]) -> Bool {
    guard let token else { return true }
    for (name, value) in headers {
      if name.caseInsensitiveCompare("Authorization") == .orderedSame,
        value.hasPrefix("Bearer "), safeEquals(String(value.dropFirst(7)), token)
      {
        return true
      }
      if name.caseInsensitiveCompare("Cookie") == .orderedSame {
        for cookie in value.split(separator: ";") {
          let pair = cookie.trimmingCharacters(in: .whitespaces).split(
            separator: "=", maxSplits: 1)
          if pair.count == 2, pair[0] == Self.cookieName, safeEquals(String(pair[1]), token) {
            return true
          }
        }
      }
    }
    return false
  }

  /// Compares in time that depends on the lengths only.
  private func safeEquals(_ lhs: String, _ rhs: String) -> Bool {
    let left = Array(lhs.utf8)
    let right = Array(rhs.utf8)
    guard left.count == right.count, !right.isEmpty else { return false }
    return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}

extension ConsoleAnswer {
  /// This answer with another status.
  func withStatus(_ status: Int) -> ConsoleAnswer {
    ConsoleAnswer(status: status, headers: headers, body: body)
  }
}
