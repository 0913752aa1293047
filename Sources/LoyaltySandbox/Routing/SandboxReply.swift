import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An answer before it is encoded: built under the state's lock, encoded outside it.
struct SandboxReply: Sendable {
  enum Body: Sendable {
    case json(JSONValue)
    case raw(Data)
  }

  var status: Int
  var headers: HTTPHeaders = [:]
  var body: Body

  /// `{"status": "1", ...fields}`.
  static func ok(_ fields: [String: JSONValue] = [:]) -> SandboxReply {
    var object = fields
    object["status"] = "1"
    return SandboxReply(status: 200, body: .json(.object(object)))
  }

  /// `{"status": "1", "context": {domain: payload, "<domain>-status": 1}}`.
  static func context(_ domain: String, _ payload: JSONValue) -> SandboxReply {
    SandboxReply(
      status: 200,
      body: .json([
        "status": "1",
        "context": .object([domain: payload, "\(domain)-status": 1]),
      ]))
  }

  /// `{"status": "1", "result": payload}`.
  static func result(_ payload: JSONValue) -> SandboxReply {
    ok(["result": payload])
  }

  /// An HTTP error: `{"status": "0", "msg": message, ...extra}`.
  static func error(
    _ status: Int, _ message: String, extra: [String: JSONValue] = [:]
  ) -> SandboxReply {
    var object = extra
    object["status"] = "0"
    object["msg"] = .string(message)
    return SandboxReply(status: status, body: .json(.object(object)))
  }

  /// A refusal of a well-formed request (insufficient points, an unknown coupon): HTTP
  /// 200 with `"status": "0"` and, for a domain call, `"<domain>-status": 0`.
  static func declined(_ message: String, domain: String? = nil) -> SandboxReply {
    var object: [String: JSONValue] = ["status": "0", "msg": .string(message)]
    if let domain {
      object["context"] = .object(["\(domain)-status": 0])
    }
    return SandboxReply(status: 200, body: .json(.object(object)))
  }

  /// 400 for a missing or mistyped field.
  static func badField(_ name: String, _ expectation: String) -> SandboxReply {
    error(400, "The field \"\(name)\" \(expectation).", extra: ["field": .string(name)])
  }

  /// 401 for a missing, invalid, expired or revoked bearer token.
  static let invalidToken = error(401, "The access token is missing, invalid or expired.")

  /// The encoded body.
  func encodedBody() -> Data {
    switch body {
    case .json(let value): (try? value.jsonData()) ?? Data()
    case .raw(let data): data
    }
  }
}
