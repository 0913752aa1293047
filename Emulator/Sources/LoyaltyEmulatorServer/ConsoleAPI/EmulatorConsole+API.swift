import Foundation
import LoyaltyBarcode
import LoyaltyCore
import LoyaltySandbox

extension EmulatorConsole {
  /// Answers `/_emulator/api/<path>` (Docs/Sandbox.md, "The console's API").
  func api(method: String, path: String, query: [String: String], body: JSONValue)
    throws(ConsoleError) -> ConsoleAnswer
  {
    switch (method, path) {
    case ("GET", "requests"), ("HEAD", "requests"):
      return try requests(query)
    case ("DELETE", "requests"):
      let cleared = log.clear()
      bump()
      return .json(["cleared": .integer(cleared)])
    case ("GET", _) where path.hasPrefix("requests/"):
      guard let id = Int(path.dropFirst("requests/".count)), let entry = log.entry(id) else {
        throw ConsoleError(404, "No such request in the log (it keeps the last \(log.limit)).")
      }
      return .json(entry.detail)
    case ("GET", "state"):
      return .json(
        ConsoleState(backend: backend, pushes: pushes, version: version, clockOffset: clock.offset)
          .json)
    case ("GET", "ledger"):
      guard let ledger else {
        throw ConsoleError(404, "The emulator keeps no ledger: start it with --ledger.")
      }
      return .json(ledger.json(backend: backend))
    case ("GET", "barcode"):
      return try barcode(query["code"] ?? "")
    case ("GET", "faults"):
      return .json(ConsoleFaults.document(self))
    case ("POST", "faults"):
      try ConsoleFaults.add(body, to: self)
      bump()
      return .json(ConsoleFaults.document(self), status: 201)
    case ("DELETE", "faults"):
      backend.clearFaults()
      clearDrips()
      bump()
      return .json(ConsoleFaults.document(self))
    case ("PUT", "settings"):
      try ConsoleFaults.apply(body, to: backend, clock: clock)
      bump()
      return .json(ConsoleFaults.document(self))
    case ("POST", _) where path.hasPrefix("actions/"):
      let done = try action(String(path.dropFirst("actions/".count)), body)
      bump()
      return .json(["done": .string(done)])
    default:
      throw ConsoleError(404, "The console's API has no \(method) \(path).")
    }
  }

  /// `GET requests?after=&call=&status=`.
  private func requests(_ query: [String: String]) throws(ConsoleError) -> ConsoleAnswer {
    let after = Int(query["after"] ?? "0") ?? 0
    let call = query["call"].flatMap { $0.isEmpty ? nil : $0 }
    let status = query["status"].flatMap { $0.isEmpty ? nil : $0 }
    if let status, !Self.statusFilters.contains(status), Int(status) == nil {
      throw ConsoleError(400, "status must be 2xx, 3xx, 4xx, 5xx, failed or a status code.")
    }
    let page = log.page(after: after) { entry in
      (call == nil || entry.call == call) && Self.matches(entry.status, status)
    }
    return .json([
      "cursor": .integer(page.cursor), "limit": .integer(log.limit),
      "dropped": .integer(page.dropped), "requests": .array(page.entries.map(\.summary)),
    ])
  }

  static let statusFilters: Set<String> = ["2xx", "3xx", "4xx", "5xx", "failed"]

  /// Whether an answer's status passes the filter: a class (`4xx`), `failed` (no answer),
  /// or one status.
  static func matches(_ status: Int?, _ filter: String?) -> Bool {
    guard let filter else { return true }
    if filter == "failed" { return status == nil }
    guard let status else { return false }
    if filter.hasSuffix("xx"), let digit = Int(filter.prefix(1)) { return status / 100 == digit }
    return Int(filter) == status
  }

  /// `GET barcode?code=`: the code drawn as the till would scan it, in SVG.
  private func barcode(_ code: String) throws(ConsoleError) -> ConsoleAnswer {
    guard !code.isEmpty, code.count <= 512 else {
      throw ConsoleError(400, "code must be 1 to 512 characters.")
    }
    do {
      let symbol = try BarcodeSymbol(code: code, serverType: nil)
      let svg = try SVGRenderer(showsHumanReadable: true).render(symbol)
      return .bytes(Data(svg.utf8), contentType: "image/svg+xml")
    } catch {
      throw ConsoleError(400, "The code cannot be drawn: \(error).")
    }
  }

  /// `POST actions/<name>`: what was done, in a sentence.
  private func action(_ name: String, _ body: JSONValue) throws(ConsoleError) -> String {
    switch name {
    case "reset":
      backend.resetState()
      return "The state is back to the seed's; every client must log in again."
    case "expire-tokens":
      let user = try user(body)
      let count = backend.revokeAccessTokens(userID: user.id)
      return "Expired \(count) access token(s) of \(user.email); their refresh tokens still work."
    case "end-sessions":
      let user = try user(body)
      let count = backend.endSessions(userID: user.id)
      return "Ended \(count) session(s) of \(user.email): their tokens and refreshes are refused."
    case "grant-points":
      let user = try user(body)
      guard let points = body["points"]?.looseInt, points != 0, abs(points) <= 1_000_000 else {
        throw ConsoleError(400, "points must be a whole number, not 0, within ±1000000.")
      }
      let now = backend.grantPoints(points, toUserWithID: user.id)?.points ?? user.points
      return "Granted \(points) points to \(user.email): the balance is \(now)."
    case "push":
      return try push(body)
    default:
      throw ConsoleError(404, "No such action: \(name).")
    }
  }

  private func user(_ body: JSONValue) throws(ConsoleError) -> SandboxUser {
    let name = body["user"]?.stringValue ?? ""
    guard let user = backend.user(id: name) ?? backend.user(email: name) else {
      throw ConsoleError(404, "No user with the id or email \"\(name)\".")
    }
    return user
  }

  /// Keeps a push payload in the log of a registered device's push token.
  private func push(_ body: JSONValue) throws(ConsoleError) -> String {
    let token = body["token"]?.stringValue ?? ""
    guard let device = backend.deviceRegistrations.first(where: { $0.pushToken == token }) else {
      throw ConsoleError(404, "No registered device has the push token \"\(token)\".")
    }
    guard case .object = body["payload"] else {
      throw ConsoleError(400, "payload must be a JSON object.")
    }
    keep(push: [
      "time": .string(LoggedExchange.timestamp(clock.now)), "token": .string(token),
      "device": .string(device.deviceID), "payload": body["payload"] ?? .null,
    ])
    return "Sent the push to device \(device.deviceID)."
  }
}
