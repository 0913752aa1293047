import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox

/// One request in the console's log: what was asked, what was answered, and how.
///
/// Headers are kept masked (``LoyaltyCore/SecretMasker``, as the SDK's logs mask them);
/// bodies are kept as they crossed the wire, up to ``bodyLimit`` bytes each, and masked
/// when they are shown (``BodyPreview``).
struct LoggedExchange: Sendable {
  /// The most bytes kept of each body.
  static let bodyLimit = 256 * 1_024

  /// The request's place in the log, from 1.
  var id = 0
  let time: Date
  let method: String
  let path: String
  /// The call, as the sandbox's counters name it (`campaigns`, `redeemCoupon`).
  let call: String
  /// Who sent it: `user <id>`, `partner`, `device` or `none`.
  let auth: String
  /// The answer's status; `nil` when no answer was sent.
  let status: Int?
  let milliseconds: Double
  /// The fault the sandbox applied, in words (`status 503`), if any.
  let fault: String?
  let requestHeaders: [(name: String, value: String)]
  let requestBody: Data
  let responseHeaders: [(name: String, value: String)]
  let responseBody: Data
  /// The answer's body size, before it was cut to ``bodyLimit``.
  let bytes: Int
  /// The call's list member, for the drift lines.
  let listKey: String?

  /// The summary the log's list shows.
  var summary: JSONValue {
    [
      "id": .integer(id),
      "time": .string(Self.timestamp(time)),
      "method": .string(method),
      "path": .string(path),
      "call": .string(call),
      "auth": .string(auth),
      "status": status.map { .integer($0) } ?? .null,
      "outcome": .string(status == nil ? "dropped" : "answered"),
      "milliseconds": .number((milliseconds * 10).rounded() / 10),
      "fault": fault.map { .string($0) } ?? .null,
      "bytes": .integer(bytes),
    ]
  }

  /// The summary with the headers, the bodies decoded and the drift lines.
  var detail: JSONValue {
    guard case .object(var members) = summary else { return summary }
    members["request"] = [
      "headers": Self.headerList(requestHeaders),
      "body": BodyPreview(requestBody, headers: requestHeaders).json,
    ]
    members["response"] = [
      "status": status.map { .integer($0) } ?? .null,
      "headers": Self.headerList(responseHeaders),
      "body": BodyPreview(responseBody, headers: responseHeaders).json,
    ]
    var drift: [JSONValue] = []
    if let status, !responseBody.isEmpty {
      let body = BodyPreview.decompressed(responseBody, headers: responseHeaders)
      drift = AnswerDrift.lines(httpStatus: status, body: body, listKey: listKey).map {
        .string($0)
      }
    }
    members["drift"] = .array(drift)
    return .object(members)
  }

  private static func headerList(_ headers: [(name: String, value: String)]) -> JSONValue {
    .array(headers.map { .array([.string($0.name), .string($0.value)]) })
  }

  /// `2026-11-29T10:00:00.123Z`.
  static func timestamp(_ date: Date) -> String {
    date.formatted(
      Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
  }
}

extension LoggedExchange {
  /// The entry for a request the sandbox handled.
  init(
    request: HTTPRequest, path: String, exchange: SandboxExchange, milliseconds: Double,
    drip: String? = nil
  ) {
    let answer = try? exchange.result.get()
    let masker = SecretMasker.standard
    self.init(
      time: Date(), method: request.method.rawValue, path: path,
      call: exchange.endpoint.rawValue, auth: Self.auth(request.headers),
      status: answer?.status, milliseconds: milliseconds,
      fault: exchange.fault.map(ConsoleFaults.describe) ?? drip,
      requestHeaders: request.headers.masked(by: masker).map { ($0.name, $0.value) },
      requestBody: (request.body ?? Data()).prefix(Self.bodyLimit),
      responseHeaders: (answer?.headers.masked(by: masker)).map { $0.map { ($0.name, $0.value) } }
        ?? [],
      responseBody: (answer?.body ?? Data()).prefix(Self.bodyLimit),
      bytes: answer?.body.count ?? 0, listKey: exchange.endpoint.listKey)
  }

  /// Who sent a request, as its headers tell: the bearer token's user, the partner (basic
  /// credentials), the device (the app's signed headers) or no one.
  static func auth(_ headers: HTTPHeaders) -> String {
    let authorization = headers["Authorization"] ?? ""
    if authorization.hasPrefix("Bearer ") {
      let subject = (try? JSONWebToken(String(authorization.dropFirst(7))))?.subject
      return subject.map { "user \($0)" } ?? "bearer (not a user token)"
    }
    if authorization.hasPrefix("Basic ") { return "partner" }
    return headers["loyalty-web-id"] != nil || headers["unique-device-id"] != nil
      ? "device" : "none"
  }
}
