import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A backend answer's status fields and payload, read in one pass.
///
/// Two shapes: a domain answer, `{"status": "1", "context": {"MAPP_X": payload,
/// "MAPP_X-status": 1}}`, and a result answer, `{"status": "1", "context": {"result":
/// payload}}`. Every member is read where ``LoyaltyNetwork/EnvelopeReader`` finds it,
/// inside `context` or at the top level.
struct DomainResponse<Domain: MarketDomain, Payload: Decodable> {
  /// The members that hold the server's message, in the order they are tried: the
  /// envelope's first two, `msg` then `message`.
  static var messageNames: ArraySlice<String> { EnvelopeReader.messageNames.prefix(2) }

  let status: Int?
  let domainStatus: Int?
  let message: String?
  let payload: Payload?
  /// The member the payload was found under: `Domain.member`, or another placement
  /// (``LoyaltyNetwork/EnvelopeReader/payload(_:)``), reported as drift.
  let placement: String?

  /// The answer `envelope` locates, its members read by `members`.
  ///
  /// Not specialised: one copy serves every domain and payload (see
  /// `MarketDecoding.decode`).
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  init(_ envelope: EnvelopeReader, _ members: some AnswerMembers) throws {
    status = try envelope.status { try members.int($0, EnvelopeReader.statusName) }
    message = try ResponseEnvelope.message(among: Self.messageNames) { name in
      try envelope.member(name).flatMap { try members.string($0, name) }
    }
    let found = envelope.payload(Domain.member)
    // The status beside the payload: its own domain's, or the `MAPP_*` member it came in.
    let domain = found.map(\.name).flatMap { $0.hasPrefix("MAPP_") ? $0 : nil } ?? Domain.name
    if let domain, let member = envelope.member("\(domain)-status") {
      domainStatus = try members.int(member, "\(domain)-status")
    } else {
      domainStatus = nil
    }
    placement = found?.name
    payload = try found.flatMap { try members.decode(Payload.self, $0.member, $0.name) }
  }
}

/// Where an answer's payload and status are: a `MAPP_*` domain, or `result`.
protocol MarketDomain: Sendable {
  /// The domain key, or `nil` for `{"status", "result"}` answers.
  static var name: String? { get }
}

enum CampaigningDomain: MarketDomain { static let name: String? = "MAPP_CAMPAIGNING" }
enum CouponDomain: MarketDomain { static let name: String? = "MAPP_COUPON" }
enum ShopsDomain: MarketDomain { static let name: String? = "MAPP_SHOPS" }
enum ContentDomain: MarketDomain { static let name: String? = "MAPP_CONTENT" }
enum ResultDomain: MarketDomain { static let name: String? = nil }

extension MarketDomain {
  /// The member holding the payload: the domain key, or `result`.
  static var member: String { name ?? "result" }
}

/// Decodes market answers: status checked, payload decoded, errors typed.
enum MarketDecoding {
  /// What reads the body.
  enum Engine: Sendable {
    /// The SDK's parser into a ``LoyaltyCore/JSONTape``, then ``JSONTapeDecoder``: what
    /// the market uses.
    case tape
    /// Foundation's `JSONDecoder`: the earlier path, kept so that tests compare the two.
    case foundation
  }

  /// Decodes `body` as an answer of `Domain`; what the models tolerated goes to `drift`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidResponse`` for a body that is not
  ///   JSON, ``LoyaltyCore/LoyaltyError/Code/serverStatus`` when the answer reports a
  ///   failure, ``LoyaltyCore/LoyaltyError/Code/missingField`` or
  ///   ``LoyaltyCore/LoyaltyError/Code/decodingFailed`` (with `call` and `field` in its
  ///   metadata) when a field without which the answer means nothing is absent or
  ///   unreadable.
  ///
  /// The body is parsed by the SDK's parser into a tape, whose envelope
  /// ``LoyaltyNetwork/EnvelopeReader`` reads, and the models read each member where it
  /// was found (``JSONTapeDecoder``); `engine` `.foundation` decodes the members with
  /// `JSONDecoder`, as before, so that tests can check that both give the same values and
  /// the same drift.
  ///
  /// Not specialised: a copy per (domain, payload) pair cost a host about 6 KB each, and
  /// the shell runs once per answer. What takes the time, the payload's own
  /// `init(from:)` and the lists it reads, is compiled for its types either way.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  static func decode<Domain: MarketDomain, Payload: Decodable>(
    _ type: Payload.Type, in domainType: Domain.Type, from response: HTTPResponse, call: String,
    drift: DriftCollector? = nil, engine: Engine = .tape
  ) throws -> Payload {
    let member = Domain.member
    let answer: DomainResponse<Domain, Payload>
    do {
      let tape: JSONTape
      do {
        tape = try JSONTape(parsing: response.body)
      } catch {
        throw LoyaltyError(
          .invalidResponse, "\(call) answered with a body that is not JSON.",
          metadata: ["call": call])
      }
      guard let envelope = EnvelopeReader(tape) else {
        throw JSONTapeDecoder(tape).mismatch([String: Any].self, 0, [])
      }
      if envelope.contextIsUnreadable {
        drift?.record(EnvelopeReader.contextName, .unexpectedShape)
      }
      switch engine {
      case .tape:
        let document = JSONTapeDecoder.Document(tape, drift: drift, userInfo: [:])
        answer = try DomainResponse(envelope, TapeAnswerMembers(document: document))
      case .foundation:
        let decoder = JSONDecoder()
        if let drift, let key = DriftCollector.userInfoKey { decoder.userInfo[key] = drift }
        if let key = FoundationAnswer<Domain, Payload>.readerKey {
          decoder.userInfo[key] = envelope
        }
        answer = try decoder.decode(
          FoundationAnswer<Domain, Payload>.self, from: response.body
        ).answer
      }
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        throw LoyaltyError(
          .invalidResponse, "\(call) answered with a body that is not JSON.",
          metadata: ["call": call])
      }
      throw LoyaltyError(
        .decodingFailed, "\(call) answered with data that does not fit: \(error.loyaltySummary).",
        metadata: ["call": call])
    } catch let error as FieldReader.Unusable {
      throw unusable(call: call, field: error.field, kind: error.kind)
    }
    if let placement = answer.placement, placement != member {
      drift?.record(member, .unexpectedShape)
    }
    let status = answer.domainStatus ?? answer.status
    guard status == 1 else {
      var metadata = ["endpoint": call, "serverStatus": status.map(String.init) ?? "missing"]
      metadata["httpStatus"] = String(response.status)
      throw LoyaltyError(
        .serverStatus,
        "\(call) was declined by the server"
          + (answer.message.map { ": \($0)" }
            ?? " (status \(status.map(String.init) ?? "missing")).")
          + "",
        metadata: metadata)
    }
    guard let payload = answer.payload else {
      throw unusable(call: call, field: member, kind: .missing)
    }
    return payload
  }

  /// The error for a field without which `call`'s answer means nothing.
  static func unusable(call: String, field: String, kind: ResponseDrift.Kind) -> LoyaltyError {
    switch kind {
    case .missing:
      LoyaltyError(
        .missingField, "\(call) answered without its \(field).",
        metadata: ["call": call, "field": field])
    case .unreadable, .unexpectedShape:
      LoyaltyError(
        .decodingFailed, "\(call) answered with a \(field) that cannot be read.",
        metadata: ["call": call, "field": field, "kind": kind.rawValue])
    }
  }
}
