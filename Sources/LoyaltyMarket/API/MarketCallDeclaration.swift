package import LoyaltyCore
package import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a market call goes, and how it authenticates.
package enum MarketCallKind: Sendable, Hashable {
  /// `POST /api/mobile/v2/{appUUID}/context/`, standard auth: a wrapper key holding
  /// `action` and the fields.
  case standardContext
  /// `POST /oauth/{appUUID}/context`, bearer auth: a wrapper key holding `action` and the
  /// fields.
  case authenticatedContext
  /// `POST /user/{appUUID}/{action}`, standard auth, the fields at the top level.
  case user
  /// `GET` of a path template: the fields it names (`{sessionUuid}`) fill it, the others
  /// are the query, by name.
  case get(String)

  /// How a call of this kind authenticates.
  package var auth: AuthKind { self == .authenticatedContext ? .bearer : .standard }

  /// The path template of a call of this kind with `action`.
  package func path(action: String) -> String {
    switch self {
    case .standardContext: "/api/mobile/v2/{appUUID}/context/"
    case .authenticatedContext: "/oauth/{appUUID}/context"
    case .user: "/user/{appUUID}/\(action)"
    case .get(let template): template
    }
  }
}

/// How a market call reads its answer.
package struct MarketCallReading<Payload: Sendable>: Sendable {
  let body: (@Sendable (HTTPResponse, String, DriftCollector?) throws -> Payload)?
  let envelope: (@Sendable (ResponseEnvelope) throws -> Payload)?

  /// The payload of a domain's answer, read tolerantly (`MarketDecoding`), drift reported.
  ///
  /// Not specialised, like the declarations it is part of.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  static func domain<Domain: MarketDomain>(_ domain: Domain.Type, _ payload: Payload.Type)
    -> Self where Payload: Decodable
  {
    Self(
      body: { response, call, drift in
        try MarketDecoding.decode(
          Payload.self, in: Domain.self, from: response, call: call, drift: drift)
      }, envelope: nil)
  }

  /// Read from the flattened envelope, after its status check.
  package static func envelope(_ read: @escaping @Sendable (ResponseEnvelope) throws -> Payload)
    -> Self
  {
    Self(body: nil, envelope: read)
  }
}

/// What every market call declaration says about itself, whatever its types: what
/// `MarketEndpoints.allCalls` lists and the sandbox's coverage is checked against.
package protocol MarketCallDescribing: Sendable {
  /// The call's name, for analytics, drift and errors: `validate_coupon`.
  var name: String { get }
  /// Where the call goes.
  var kind: MarketCallKind { get }
  /// The body's wrapper key for context calls (`coupon`); `nil` for the others.
  var wrapper: String? { get }
  /// The context call's `action`, or the user call's path segment; empty for `GET`.
  var action: String { get }
  /// Whether repeating the call is harmless (else it carries an `Idempotency-Key`).
  var isIdempotent: Bool { get }
}

/// One market call, declared once: its name, where it goes (path kind, wrapper, action),
/// how it authenticates, whether it is idempotent, the fields its arguments send, how its
/// answer is read (domain and payload type) and what the caller gets from it.
///
/// `Market`'s async method is a line over it (`perform(MarketEndpoints.cards)`), and its
/// callback form comes from `Market.run(on:_:completion:)`.
///
/// Its initializers and `endpoint(_:drift:)` are not specialised: they run once per
/// call, and a copy of each (and of the closures they make) per declaration cost a host
/// more binary than anything else in the market.
package struct MarketCallDeclaration<Arguments: Sendable, Result: Sendable>: MarketCallDescribing {
  package let name: String
  package let kind: MarketCallKind
  package let wrapper: String?
  package let action: String
  package let isIdempotent: Bool
  /// The fields the arguments send (without `action`, which the declaration adds).
  let fields: @Sendable (Arguments) -> [String: JSONValue]
  /// Reads a successful answer's body, when the call reads it directly.
  let readBody: (@Sendable (HTTPResponse, Arguments, DriftCollector?) throws -> Result)?
  /// Reads the flattened envelope, when the call reads that.
  let readEnvelope: (@Sendable (ResponseEnvelope, Arguments, DriftCollector?) throws -> Result)?

  /// Declares a call whose result needs its arguments or the drift collector.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  package init<Payload>(
    _ name: String, _ kind: MarketCallKind, wrapper: String? = nil, action: String = "",
    reading: MarketCallReading<Payload>, idempotent: Bool = true,
    fields: @escaping @Sendable (Arguments) -> [String: JSONValue],
    result: @escaping @Sendable (Payload, Arguments, DriftCollector?) throws -> Result
  ) {
    self.name = name
    self.kind = kind
    self.wrapper = wrapper
    self.action = action
    self.isIdempotent = idempotent
    self.fields = fields
    if let read = reading.body {
      readBody = { response, arguments, drift in
        try result(read(response, name, drift), arguments, drift)
      }
    } else {
      readBody = nil
    }
    if let read = reading.envelope {
      readEnvelope = { envelope, arguments, drift in
        try result(read(envelope), arguments, drift)
      }
    } else {
      readEnvelope = nil
    }
  }

  /// Declares a call whose result is made from its payload alone.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  package init<Payload>(
    _ name: String, _ kind: MarketCallKind, wrapper: String? = nil, action: String = "",
    reading: MarketCallReading<Payload>, idempotent: Bool = true,
    fields: @escaping @Sendable (Arguments) -> [String: JSONValue],
    map: @escaping @Sendable (Payload) throws -> Result
  ) {
    self.init(
      name, kind, wrapper: wrapper, action: action, reading: reading, idempotent: idempotent,
      fields: fields, result: { payload, _, _ in try map(payload) })
  }

  /// The endpoint sending the call with `arguments`; `drift` collects what its answer
  /// lacked.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  package func endpoint(_ arguments: Arguments, drift: DriftCollector? = nil) -> Endpoint<Result> {
    var fields = fields(arguments)
    let method: HTTPMethod
    var parameters: [String: String] = [:]
    var query: [URLQueryItem] = []
    var body = RequestBody.none
    switch kind {
    case .standardContext, .authenticatedContext:
      fields["action"] = .string(action)
      method = .post
      body = .wrapped(wrapper ?? "", fields)
    case .user:
      method = .post
      body = .json(.object(fields))
    case .get(let template):
      method = .get
      for name in fields.keys.stablySorted() {
        let value = fields[name]?.looseString ?? ""
        if template.contains("{\(name)}") {
          parameters[name] = value
        } else {
          query.append(URLQueryItem(name: name, value: value))
        }
      }
    }
    let (name, readBody, readEnvelope) = (name, readBody, readEnvelope)
    var endpoint = Endpoint<Result>(
      name: name, method: method, path: kind.path(action: action), parameters: parameters,
      query: query, auth: kind.auth, body: body, isIdempotent: isIdempotent
    ) { envelope in
      guard let readEnvelope else {
        throw LoyaltyError(.internalInconsistency, "\(name) decodes its body directly.")
      }
      return try readEnvelope(envelope, arguments, drift)
    }
    if let readBody {
      endpoint.decodeBody = { response in try readBody(response, arguments, drift) }
    }
    return endpoint
  }
}

extension MarketCallDeclaration where Arguments == Void {
  /// The endpoint sending the call; `drift` collects what its answer lacked.
  package func endpoint(drift: DriftCollector? = nil) -> Endpoint<Result> {
    endpoint((), drift: drift)
  }
}
