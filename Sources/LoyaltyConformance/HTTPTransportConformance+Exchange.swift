import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The checks of what a transport sends and returns when the server answers.
extension HTTPTransportConformance.Checks {
  /// Method, headers and body reach the server; status, headers and body come back.
  func roundTrip() async throws {
    try await withServer({ request in
      LoopbackHTTPServer.Response(
        status: 201,
        headers: [
          ("X-Echo-Method", request.method), ("X-Echo-Header", request.headers["x-probe"] ?? ""),
          ("Content-Type", "application/octet-stream"),
        ],
        body: request.body)
    }) { server in
      let transport = try await transport()
      // Every byte value, so no text encoding can slip through unnoticed.
      let body = Data((0...255).map { UInt8($0) } + Array("loyalty".utf8))
      for method in [HTTPMethod.post, .put, .patch, .delete] {
        let path = "/api/echo/\(method.rawValue.lowercased())?page=2"
        let rule =
          "\(method.rawValue) with headers and a body: all of it is sent, all of it returns"
        let response = try await response(
          transport,
          HTTPRequest(
            method: method, url: server.url(path),
            headers: ["X-Probe": "probe-\(method.rawValue)", "Content-Type": "application/json"],
            body: body), rule)
        try require(response.status == 201, rule, "status \(response.status), not 201")
        try require(
          response.body == body, rule, "body of \(response.body.count) bytes, not the echo")
        try require(
          response.headers["x-echo-method"] == method.rawValue, rule,
          "the server saw \(response.headers["x-echo-method"] ?? "no method")")
        try require(
          response.headers["X-ECHO-HEADER"] == "probe-\(method.rawValue)", rule,
          "a header came back as \(response.headers["x-echo-header"] ?? "nothing")")
        let received = server.requests.last
        try require(
          received?.path == path, rule, "the server saw the path \(received?.path ?? "none")")
        try require(received?.body == body, rule, "the server got another body")
      }
      let rule = "a GET without a body reaches the server and returns its body"
      let response = try await response(
        transport, HTTPRequest(method: .get, url: server.url("/api/get")), rule)
      try require(response.status == 201 && response.body.isEmpty, rule, "\(response.status)")
      try require(server.requests.last?.method == "GET", rule, "sent as another method")
    }
  }

  /// 4xx and 5xx are responses, not errors, and keep their bodies.
  func errorStatuses() async throws {
    try await withServer({ request in
      let status = Int(request.path.split(separator: "/").last ?? "") ?? 500
      return .json(status, #"{"status":"\#(status)"}"#)
    }) { server in
      let transport = try await transport()
      for status in [400, 401, 404, 409, 429, 500, 503] {
        let rule = "a \(status) answer is a response, not an error"
        let response = try await response(
          transport, HTTPRequest(method: .post, url: server.url("/status/\(status)")), rule)
        try require(response.status == status, rule, "status \(response.status)")
        try require(
          response.body == Data(#"{"status":"\#(status)"}"#.utf8), rule, "its body was lost")
      }
    }
  }

  /// A body sent with `Content-Encoding: gzip` comes back decompressed; a gzip file
  /// served without that header comes back as it came.
  func gzip() async throws {
    let json = Data(String(repeating: #"{"status":"1"},"#, count: 400).utf8)
    let encoded = try LoopbackHTTPServer.Response.gzipEncoded(json)
    let file = try LoopbackHTTPServer.Response.gzipFile(Data(repeating: 0x61, count: 4_000))
    try await withServer({ request in
      request.path.hasPrefix("/file") ? file : encoded
    }) { server in
      let transport = try await transport()
      let decoded = "a body sent with Content-Encoding: gzip comes back decompressed"
      for acceptEncoding in ["gzip", nil] {
        let headers: HTTPHeaders = acceptEncoding.map { ["Accept-Encoding": $0] } ?? [:]
        let response = try await response(
          transport, HTTPRequest(method: .get, url: server.url("/encoded"), headers: headers),
          decoded)
        try require(
          response.body == json, decoded,
          "\(response.body.count) bytes, not the \(json.count) bytes sent compressed")
      }
      let kept = "a gzip file served without Content-Encoding comes back as it came"
      let response = try await response(
        transport,
        HTTPRequest(
          method: .get, url: server.url("/file.gz"), headers: ["Accept-Encoding": "gzip"]), kept)
      try require(
        response.body == file.body, kept,
        "\(response.body.count) bytes, not the \(file.body.count) bytes of the file")
    }
  }
}
