import Foundation
import LoyaltyCore
import LoyaltyNetwork

/// The first byte picks the HTTP status and the endpoint; the rest is the body.
enum FuzzEnvelope {
  private struct Item: Decodable, Sendable {
    let name: String?
    let count: Int?
  }

  private static let statuses = [200, 200, 200, 201, 204, 400, 401, 403, 413, 429, 500, 503]

  static func run(_ data: Data) {
    var input = FuzzInput(data)
    let status = input.pick(statuses)
    let kind = input.byte()
    let response = HTTPResponse(status: status, body: input.rest())

    if let envelope = try? ResponseEnvelope(httpStatus: status, body: response.body) {
      _ = envelope.message
      _ = envelope.status(ofDomain: "MAPP_CAMPAIGNING")
      for value in envelope.fields.values.prefix(64) { FuzzJSON.visit(value, depth: 0) }
    }
    let pair = TokenPair(accessToken: "access", refreshToken: "refresh")
    switch kind % 8 {
    case 0: decode(response, envelope(check: .envelope))
    case 1: decode(response, envelope(check: .domain("MAPP_CAMPAIGNING")))
    case 2: decode(response, envelope(check: .envelopeIfPresent))
    case 3: decode(response, envelope(check: .httpOnly))
    case 4: decode(response, AuthEndpoints.refresh(pair))
    case 5: decode(response, AuthEndpoints.emailLogin("user@example.com"))
    case 6:
      decode(
        response,
        Endpoint<[Item]>(name: "items", method: .get, path: "/items", field: "items"))
    default:
      decode(
        response,
        Endpoint<Item>(name: "item", method: .get, path: "/item", check: .httpOnly, field: nil))
    }
  }

  private static func envelope(check: StatusCheck) -> Endpoint<ResponseEnvelope> {
    Endpoint(name: "fuzz", method: .post, path: "/fuzz", check: check)
  }

  private static func decode<Response>(_ response: HTTPResponse, _ endpoint: Endpoint<Response>) {
    do {
      _ = try NetworkClient.decode(response, for: endpoint)
    } catch let error as LoyaltyError {
      _ = error.description
    } catch {
      check(false, "\(endpoint.name) threw an error that is not a LoyaltyError: \(error)")
    }
  }
}
