import Foundation
import LoyaltyCore
import LoyaltyNetwork

/// Builds a request from hostile strings, the way the network client does before
/// sending it. The input is a choice byte, then NUL-separated strings: the path
/// template, a placeholder's name and value, a query item, a field's name and value, a
/// file name, a content type, a header's name and value, and the base URL.
enum FuzzRequest {
  private static let methods: [HTTPMethod] = [.get, .post, .put, .delete]

  static func run(_ data: Data) {
    var input = FuzzInput(data)
    let choice = input.byte()
    let method = input.pick(methods)
    let template = input.string()
    let placeholder = input.string()
    let value = input.string()
    let queryName = input.string()
    let queryValue = input.string()
    let fieldName = input.string()
    let fieldValue = input.string()
    let filename = input.string()
    let contentType = input.string()
    let headerName = input.string()
    let headerValue = input.string()
    let baseURL = input.string()

    let body: RequestBody
    switch choice % 5 {
    case 0: body = .none
    case 1:
      var fields: [String: JSONValue] = ["n": .number(1.5)]
      fields[fieldValue] = .string(value)
      body = .wrapped(fieldName, fields)
    case 2: body = .form([.init(fieldName, fieldValue), .init(placeholder, value)])
    case 3:
      body = .multipart([
        .text(fieldName, fieldValue),
        .file(placeholder, filename: filename, contentType: contentType, data: Data(value.utf8)),
        MultipartPart(name: fieldValue, filename: nil, contentType: nil, data: Data()),
      ])
    default: body = .data(Data(fieldValue.utf8), contentType: contentType)
    }
    var headers = HTTPHeaders([(name: headerName, value: headerValue)])
    headers[headerValue] = headerName
    _ = headers.values(for: headerName)

    var parameters = ["sessionUuid": value]
    parameters[placeholder] = value
    if choice & 0x10 != 0 { parameters["appUUID"] = value }
    let query = choice & 0x20 != 0 ? [URLQueryItem(name: queryName, value: queryValue)] : []
    // The templates the SDK uses, and now and then the fuzzer's own.
    let path =
      choice & 0x40 != 0
      ? template
      : ["/api/session/{sessionUuid}", "/api/mobile/v2/{appUUID}/context/", "/{\(placeholder)}"][
        Int(choice >> 3) % 3]
    let endpoint = Endpoint<ResponseEnvelope>(
      name: "fuzz", method: method, path: path, parameters: parameters, query: query, body: body,
      headers: headers)

    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: headerValue, bundleID: "com.fuzz")
    if choice & 0x80 != 0, let url = URL(string: baseURL), url.scheme != nil {
      configuration.environment = .custom(url)
    }
    guard let request = try? NetworkClient.request(for: endpoint, configuration: configuration)
    else { return }
    _ = request.url.absoluteString
    _ = request.headers.count
    // A placeholder's value is one path segment: it never adds a segment, a query or a
    // fragment.
    if path == "/api/session/{sessionUuid}", configuration.environment == .production {
      let built = request.url.path(percentEncoded: true)
      check(
        built.hasPrefix("/api/session/")
          && !built.dropFirst("/api/session/".count).contains("/"),
        "a placeholder value changed the path's segments: \(request.url.absoluteString)")
      check(
        request.url.fragment == nil && (query.isEmpty == (request.url.query == nil)),
        "a placeholder value added a query or a fragment: \(request.url.absoluteString)")
    }
  }
}
