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
    /// `status` and members, laid out at encoding in the configured ``SandboxEnvelope``.
    case envelope(status: String, members: [String: JSONValue])
    case raw(Data)
  }

  var status: Int
  var headers: HTTPHeaders = [:]
  var body: Body

  /// `{"status": "1", "context": {...fields}}` (or the fields at the top level, with
  /// ``SandboxEnvelope/flat``).
  static func ok(_ fields: [String: JSONValue] = [:]) -> SandboxReply {
    SandboxReply(status: 200, body: .envelope(status: "1", members: fields))
  }

  /// `{"status": "1", "context": {domain: payload, "<domain>-status": 1}}`.
  static func context(_ domain: String, _ payload: JSONValue) -> SandboxReply {
    ok([domain: payload, "\(domain)-status": 1])
  }

  /// `{"status": "1", "context": {"result": payload}}`.
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
    var members: [String: JSONValue] = ["msg": .string(message)]
    if let domain {
      members["\(domain)-status"] = 0
    }
    return SandboxReply(status: 200, body: .envelope(status: "0", members: members))
  }

  /// 400 for a missing or mistyped field.
  static func badField(_ name: String, _ expectation: String) -> SandboxReply {
    error(400, "The field \"\(name)\" \(expectation).", extra: ["field": .string(name)])
  }

  /// 401 for a missing, invalid, expired or revoked bearer token.
  static let invalidToken = error(401, "The access token is missing, invalid or expired.")

  /// The encoded body, an envelope laid out as `shape` says.
  func encodedBody(_ shape: SandboxEnvelope) -> Data {
    switch body {
    case .json(let value): return (try? value.jsonData()) ?? Data()
    case .envelope(let status, let members):
      var object: [String: JSONValue]
      switch shape {
      case .context:
        object = ["context": .object(members)]
      case .flat:
        object = members
      }
      object["status"] = .string(status)
      return (try? JSONValue.object(object).jsonData()) ?? Data()
    case .raw(let data): return data
    }
  }
}
