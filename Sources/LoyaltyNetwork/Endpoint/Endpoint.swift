public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One backend call, declared as a value beside the code that uses it.
///
/// ```swift
/// extension Endpoint where Response == [Campaign] {
///   static func campaigns(language: String) -> Self {
///     Endpoint(
///       name: "campaigns", method: .post, path: "/api/mobile/v2/{appUUID}/context/",
///       auth: .standard,
///       body: .wrapped("campaigns", ["action": "retrieve", "language": .string(language)]),
///       check: .domain("MAPP_CAMPAIGNING")
///     ) { envelope in try decodeCampaigns(envelope) }
///   }
/// }
/// ```
///
/// Paths may use the placeholders `{appUUID}`, `{web_id}` (the merchant id) and any
/// key of ``parameters`` (`{sessionUuid}`); values are percent-encoded.
public struct Endpoint<Response: Sendable>: Sendable {
  /// A short name for logs, analytics and errors: `campaigns`, `redeemCoupon`.
  public var name: String
  /// The HTTP method.
  public var method: HTTPMethod
  /// The path template, starting with `/`.
  public var path: String
  /// Values for the path's placeholders beyond `{appUUID}` and `{web_id}`.
  public var parameters: [String: String]
  /// Query items, in order.
  public var query: [URLQueryItem]
  /// How the request authenticates.
  public var auth: AuthKind
  /// The body.
  public var body: RequestBody
  /// Whether repeating the call is harmless, so it may be retried after a server error
  /// or a timeout. Defaults to the method's own idempotency.
  public var isIdempotent: Bool
  /// The key a call that is not idempotent is sent with (`Idempotency-Key`), the same on
  /// every attempt; `nil` makes a new one per call. Set it to the key of an
  /// ``LoyaltyCore/LoyaltyError/Code/outcomeUnknown`` error to send that call again
  /// safely. Idempotent calls send none.
  public var idempotencyKey: IdempotencyKey?
  /// Extra headers for this call (a flow's scope, a partner token).
  public var headers: HTTPHeaders
  /// How long the call may take in total, retries included; `nil` uses
  /// `network.resourceTimeout`.
  public var deadline: TimeInterval?
  /// Where the response says whether the call succeeded.
  public var check: StatusCheck
  /// The server this call goes to instead of the configuration's base URL (a partner's
  /// own backend, such as the flows' payments server); `nil`, the default, uses the
  /// configuration's. The path is appended to it as to the configuration's. The
  /// platform's signed headers and device identifiers are sent only to the
  /// configuration's own origin, never to another server.
  public var baseURL: URL?
  /// Whether the retry middleware may re-send the call; callers with their own backoff
  /// (the analytics pipeline) turn it off.
  public var allowsRetries = true
  /// Whether the call is the first of a feature beyond seed 000's contract (points of
  /// interest, the directory, the flows), which a backend may not offer: an answer that
  /// says so ends the call with ``LoyaltyCore/LoyaltyError/Code/notOffered``
  /// (``NotOffered``) instead of an HTTP or status error.
  public var isBeyondContract = false
  /// Turns a successful response into the endpoint's result.
  public var decode: @Sendable (ResponseEnvelope) throws -> Response
  /// Decodes a successful (2xx) response's body directly, status check included, in
  /// one pass; when set, the envelope is not built and ``check`` and ``decode`` are not
  /// used. For large lists, where building the envelope first would parse twice.
  public var decodeBody: (@Sendable (HTTPResponse) throws -> Response)?

  /// Creates an endpoint.
  public init(
    name: String,
    method: HTTPMethod,
    path: String,
    parameters: [String: String] = [:],
    query: [URLQueryItem] = [],
    auth: AuthKind = .standard,
    body: RequestBody = .none,
    isIdempotent: Bool? = nil,
    headers: HTTPHeaders = [:],
    deadline: TimeInterval? = nil,
    check: StatusCheck = .envelope,
    decode: @escaping @Sendable (ResponseEnvelope) throws -> Response
  ) {
    self.name = name
    self.method = method
    self.path = path
    self.parameters = parameters
    self.query = query
    self.auth = auth
    self.body = body
    self.isIdempotent = isIdempotent ?? method.isIdempotent
    self.headers = headers
    self.deadline = deadline
    self.check = check
    self.decode = decode
  }
}

extension Endpoint where Response == ResponseEnvelope {
  /// An endpoint whose result is the flattened response itself.
  public init(
    name: String, method: HTTPMethod, path: String, parameters: [String: String] = [:],
    query: [URLQueryItem] = [], auth: AuthKind = .standard, body: RequestBody = .none,
    isIdempotent: Bool? = nil, headers: HTTPHeaders = [:], deadline: TimeInterval? = nil,
    check: StatusCheck = .envelope
  ) {
    self.init(
      name: name, method: method, path: path, parameters: parameters, query: query, auth: auth,
      body: body, isIdempotent: isIdempotent, headers: headers, deadline: deadline,
      check: check
    ) { $0 }
  }
}

extension Endpoint where Response: Decodable {
  /// An endpoint whose result is decoded from the field `key` of the flattened response
  /// (or from the whole response when `key` is `nil`).
  public init(
    name: String, method: HTTPMethod, path: String, parameters: [String: String] = [:],
    query: [URLQueryItem] = [], auth: AuthKind = .standard, body: RequestBody = .none,
    isIdempotent: Bool? = nil, headers: HTTPHeaders = [:], deadline: TimeInterval? = nil,
    check: StatusCheck = .envelope, field key: String?
  ) {
    self.init(
      name: name, method: method, path: path, parameters: parameters, query: query, auth: auth,
      body: body, isIdempotent: isIdempotent, headers: headers, deadline: deadline,
      check: check
    ) { envelope in
      let value: JSONValue
      if let key {
        guard let field = envelope[key] else {
          throw LoyaltyError(
            .missingField, "The response has no field \"\(key)\".", metadata: ["field": key])
        }
        value = field
      } else {
        value = .object(envelope.fields)
      }
      do {
        return try JSONDecoder().decode(Response.self, from: try value.jsonData())
      } catch let error as DecodingError {
        throw LoyaltyError(
          .decodingFailed,
          "The response's \(key ?? "body") could not be decoded as \(Response.self): "
            + "\(error.loyaltySummary).",
          metadata: ["field": key ?? ""])
      }
    }
  }
}
