package import LoyaltyCore

extension NetworkClient {
  /// The result of `endpoint` from `response`: the status checked and the body decoded.
  package static func decode<Response>(
    _ response: HTTPResponse, for endpoint: Endpoint<Response>
  ) throws -> Response {
    guard endpoint.isBeyondContract else { return try decodeOffered(response, for: endpoint) }
    do {
      return try decodeOffered(response, for: endpoint)
    } catch let error as LoyaltyError {
      throw NotOffered.reading(error, call: endpoint.name)
    }
  }

  /// ``decode(_:for:)`` of a call the backend offers.
  private static func decodeOffered<Response>(
    _ response: HTTPResponse, for endpoint: Endpoint<Response>
  ) throws -> Response {
    guard response.isSuccess else {
      throw statusError(response, endpoint: endpoint.name)
    }
    if let decodeBody = endpoint.decodeBody {
      return try decodeBody(response)
    }
    let envelope: ResponseEnvelope
    if endpoint.check == .httpOnly && response.body.isEmpty {
      envelope = ResponseEnvelope(httpStatus: response.status, status: nil, fields: [:])
    } else {
      envelope = try ResponseEnvelope(httpStatus: response.status, body: response.body)
    }
    try endpoint.check.verify(envelope, endpoint: endpoint.name)
    return try endpoint.decode(envelope)
  }

  static func statusError(_ response: HTTPResponse, endpoint: String) -> LoyaltyError {
    let serverMessage = (try? EnvelopeReader(body: response.body, httpStatus: response.status))?
      .message
    let metadata = ["endpoint": endpoint, "status": String(response.status)]
    let detail = serverMessage.map { ": \($0)" } ?? "."
    switch response.status {
    case 429:
      return LoyaltyError(
        .rateLimited, "\(endpoint) was rate limited (429)\(detail)",
        recoverySuggestion: "Try again later.", metadata: metadata)
    case 413:
      return LoyaltyError(
        .payloadTooLarge, "\(endpoint) sent a body too large for the server (413)\(detail)",
        metadata: metadata)
    default:
      return LoyaltyError(
        .httpStatus, "\(endpoint) answered HTTP \(response.status)\(detail)", metadata: metadata)
    }
  }
}
