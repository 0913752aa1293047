import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One request and its response, as one line of a recording.
///
/// Request headers are not recorded: they carry the request's signature and bearer
/// token, and replay matches on the method, the URL and the body. Response bodies are
/// recorded as the server sent them, tokens included, so record against test backends
/// only.
struct RecordedExchange: Codable, Sendable {
  var method: String
  var url: String
  var requestBody: RecordedBody?
  var status: Int
  var responseHeaders: [RecordedHeader]
  var responseBody: RecordedBody

  init(request: HTTPRequest, response: HTTPResponse) {
    method = request.method.rawValue
    url = request.url.absoluteString
    requestBody = request.body.map(RecordedBody.init)
    status = response.status
    responseHeaders = response.headers.map { RecordedHeader(name: $0.name, value: $0.value) }
    responseBody = RecordedBody(response.body)
  }

  /// Whether this exchange answers `request`.
  func matches(_ request: HTTPRequest) -> Bool {
    method == request.method.rawValue && url == request.url.absoluteString
      && requestBody?.data == request.body
  }

  /// The recorded response.
  var response: HTTPResponse {
    HTTPResponse(
      status: status,
      headers: HTTPHeaders(responseHeaders.map { (name: $0.name, value: $0.value) }),
      body: responseBody.data)
  }
}

/// A header field of a recorded response.
struct RecordedHeader: Codable, Sendable {
  var name: String
  var value: String
}

/// A body in a recording: readable text when it is UTF-8, base64 otherwise.
struct RecordedBody: Codable, Sendable {
  var text: String?
  var base64: String?

  init(_ data: Data) {
    if let text = String(data: data, encoding: .utf8) {
      self.text = text
    } else {
      base64 = data.base64EncodedString()
    }
  }

  var data: Data {
    if let text {
      return Data(text.utf8)
    }
    return base64.flatMap { Data(base64Encoded: $0) } ?? Data()
  }
}
