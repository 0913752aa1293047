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
/// the top level's, else the context's. This is the envelope rule of `Docs/API.md`, read
/// by one reader of the parsed answer's tokens, which the market's one-pass decoding
/// reads through too.
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
    self.init(try EnvelopeReader(body: body, httpStatus: httpStatus), httpStatus: httpStatus)
  }

  /// The envelope of the answer `reader` reads.
  package init(_ reader: EnvelopeReader, httpStatus: Int) {
    self.httpStatus = httpStatus
    self.status = reader.status
    self.fields = reader.fields()
  }

  /// Creates an envelope from fields already parsed.
  public init(httpStatus: Int, status: Int?, fields: [String: JSONValue]) {
    self.httpStatus = httpStatus
    self.status = status
    self.fields = fields
  }

  /// The field named `key`.
  public subscript(key: String) -> JSONValue? { fields[key] }

  /// The payload of a call whose own member is `name`, wherever a backend built from the
  /// seed puts it (``EnvelopeReader/payloadName(_:has:members:)``), with the member it
  /// was found under; `nil` when there is none.
  package func payload(_ name: String) -> (name: String, value: JSONValue)? {
    EnvelopeReader.payloadName(name, has: { fields[$0] != nil }) { fields.keys.stablySorted() }
      .flatMap { found in fields[found].map { (found, $0) } }
  }

  /// The status of a domain: the `<domain>-status` field (`MAPP_CAMPAIGNING-status`).
  public func status(ofDomain domain: String) -> Int? {
    fields["\(domain)-status"]?.looseInt
  }

  /// The server's message, from `msg`, `message`, `error_description` or `error`,
  /// bounded to ``LoyaltyCore/ServerText/limit`` bytes (``LoyaltyCore/ServerText``).
  public var message: String? { Self.message { fields[$0]?.looseString } }

  /// The first non-empty text that `text` gives for `names` (by default
  /// ``EnvelopeReader/messageNames``), bounded to ``LoyaltyCore/ServerText/limit`` bytes:
  /// the server's message, wherever the answer is read from.
  package static func message(
    among names: some Sequence<String> = EnvelopeReader.messageNames,
    _ text: (String) throws -> String?
  ) rethrows -> String? {
    for name in names {
      if let text = try text(name), !text.isEmpty {
        return ServerText.bounded(text)
      }
    }
    return nil
  }
}
