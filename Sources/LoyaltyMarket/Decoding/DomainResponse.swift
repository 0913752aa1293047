import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes a backend answer in one pass: the status fields and the payload.
///
/// Two shapes: a domain answer, `{"status": "1", "context": {"MAPP_X": payload,
/// "MAPP_X-status": 1}}` (the domain may also sit at the top level), and a result answer,
/// `{"status": "1", "result": payload}`.
struct DomainResponse<Domain: MarketDomain, Payload: Decodable>: Decodable {
  let status: Int?
  let domainStatus: Int?
  let message: String?
  let payload: Payload?

  init(from decoder: any Decoder) throws {
    let top = try decoder.container(keyedBy: AnyKey.self)
    let domain = Domain.name
    status = try top.optionalInt("status")
    var message = try top.optionalString("msg") ?? top.optionalString("message")
    if let domain {
      let context =
        top.contains(AnyKey("context"))
        ? try? top.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("context")) : nil
      let holder = context.flatMap { $0.contains(AnyKey(domain)) ? $0 : nil } ?? top
      domainStatus = try holder.optionalInt("\(domain)-status")
      message = try message ?? context?.optionalString("msg")
      payload = try holder.decoded(Payload.self, domain)
    } else {
      domainStatus = nil
      payload = try top.decoded(Payload.self, "result")
    }
    self.message = message
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

/// Decodes market answers: status checked, payload decoded, errors typed.
enum MarketDecoding {
  /// Decodes `body` as an answer of `Domain`.
  static func decode<Domain: MarketDomain, Payload: Decodable>(
    _ type: Payload.Type, in domainType: Domain.Type, from response: HTTPResponse, call: String
  ) throws -> Payload {
    let domain = Domain.name
    let answer: DomainResponse<Domain, Payload>
    do {
      answer = try JSONDecoder().decode(DomainResponse<Domain, Payload>.self, from: response.body)
    } catch let error as DecodingError {
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        throw LoyaltyError(
          .invalidResponse, "\(call) answered with a body that is not JSON.",
          metadata: ["call": call])
      }
      throw LoyaltyError(
        .decodingFailed, "\(call) answered with data that does not fit: \(error.loyaltySummary).",
        metadata: ["call": call])
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
      throw LoyaltyError(
        .missingField, "\(call) answered without its \(domain ?? "result").",
        metadata: ["field": domain ?? "result"])
    }
    return payload
  }
}
