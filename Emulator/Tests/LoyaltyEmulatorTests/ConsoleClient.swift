import Foundation
import LoyaltyCore
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Plain HTTP requests to the emulator's console, as a page or `curl` sends them.
struct ConsoleClient {
  let port: Int
  var headers: [String: String] = [:]

  /// An answer: its status, headers and body.
  struct Answer {
    let status: Int
    let headers: [String: String]
    let body: Data

    var json: JSONValue { (try? JSONValue(parsing: body)) ?? .null }
    func header(_ name: String) -> String? {
      headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
  }

  func send(
    _ method: String, _ path: String, json: JSONValue? = nil,
    contentType: String = "application/json", extra: [String: String] = [:]
  ) async throws -> Answer {
    let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
    var request = URLRequest(url: url, timeoutInterval: 10)
    request.httpMethod = method
    for (name, value) in headers.merging(extra, uniquingKeysWith: { $1 }) {
      request.setValue(value, forHTTPHeaderField: name)
    }
    if let json {
      request.httpBody = try json.jsonData()
      request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    } else if method != "GET" {
      request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    let session = URLSession(
      configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { fields[name] = value }
    }
    return Answer(status: http.statusCode, headers: fields, body: data)
  }

  func get(_ path: String) async throws -> Answer { try await send("GET", path) }
}

/// Hands a redirect back to the test instead of following it.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
