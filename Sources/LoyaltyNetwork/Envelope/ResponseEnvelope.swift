public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A backend response, flattened.
///
/// The backend wraps most answers as `{"status": "1", "context": {...}}`. The envelope
/// reads the status (a number or a numeric string) and lifts the context's keys to the
/// top level, next to any other top-level keys (the context wins on a clash), so
/// `MAPP_CAMPAIGNING`, `MAPP_CAMPAIGNING-status`, `result`, `msg` or `access_token` read
/// the same whether they came inside `context` or not. The envelope's own `status` is
/// the top level's, else the context's. This is the envelope rule of `Docs/API.md`; the
/// market's one-pass decoding applies the same rule.
public struct ResponseEnvelope: Sendable, Equatable {
  /// The HTTP status.
  public let httpStatus: Int
  /// The envelope's `status`, when it has one: 1 is success.
  public let status: Int?
  /// The flattened fields.
  public let fields: [String: JSONValue]

  /// Parses a response body.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidResponse`` when the body is not a
  ///   JSON object, ``LoyaltyCore/LoyaltyError/Code/emptyResponse`` when it is empty.
  public init(httpStatus: Int, body: Data) throws {
    self.httpStatus = httpStatus
    guard !body.isEmpty else {
      throw LoyaltyError(.emptyResponse, "The response body is empty (HTTP \(httpStatus)).")
    }
    guard case .object(let object) = try JSONValue(parsing: body) else {
      throw LoyaltyError(
        .invalidResponse, "The response body is JSON but not an object (HTTP \(httpStatus)).")
    }
    var contextStatus: Int?
    if case .object(let context)? = object["context"] {
      // The context's members win on a clash. The larger side is copied whole (a copy of
      // a dictionary is not rehashed) and the other side's members are added to it: the
      // usual answer is a large context next to a top-level `status`.
      var fields: [String: JSONValue]
      if context.count >= object.count - 1 {
        fields = context
        for (key, value) in object where key != "context" && fields.index(forKey: key) == nil {
          fields[key] = value
        }
      } else {
        fields = object
        fields["context"] = nil
        for (key, value) in context {
          fields[key] = value
        }
      }
      self.fields = fields
      contextStatus = context["status"]?.looseInt
    } else {
      var fields = object
      fields["context"] = nil
      self.fields = fields
    }
    self.status = object["status"]?.looseInt ?? contextStatus
  }

  /// Creates an envelope from fields already parsed.
  public init(httpStatus: Int, status: Int?, fields: [String: JSONValue]) {
    self.httpStatus = httpStatus
    self.status = status
    self.fields = fields
  }

  /// The field named `key`.
  public subscript(key: String) -> JSONValue? { fields[key] }

  /// The status of a domain: the `<domain>-status` field (`MAPP_CAMPAIGNING-status`).
  public func status(ofDomain domain: String) -> Int? {
    fields["\(domain)-status"]?.looseInt
  }

  /// The server's message, from `msg`, `message`, `error_description` or `error`,
  /// bounded to ``LoyaltyCore/ServerText/limit`` bytes (``LoyaltyCore/ServerText``).
  public var message: String? {
    for key in ["msg", "message", "error_description", "error"] {
      if let text = fields[key]?.looseString, !text.isEmpty {
        return ServerText.bounded(text)
      }
    }
    return nil
  }
}
