import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The checks of how a transport fails: what kind of error each broken answer ends in.
extension HTTPTransportConformance.Checks {
  /// The codes of "the request may have reached the server".
  static let mayHaveReachedServer: [LoyaltyError.Code] = [
    .connectionLost, .timedOut, .transportFailed,
  ]

  /// A refused connection sent nothing: ``LoyaltyCore/LoyaltyError/Code/notConnected``.
  func refusedConnection() async throws {
    let rule = "a refused connection is notConnected: nothing was sent"
    let port = try LoopbackHTTPServer.unusedPort()
    let url = URL(string: "http://127.0.0.1:\(port)/api/refused") ?? URL(fileURLWithPath: "/")
    let transport = try await transport(timeout: 10)
    for (method, body) in [(HTTPMethod.get, nil), (.post, Data("{}".utf8))] {
      let error = try await loyaltyError(
        transport, HTTPRequest(method: method, url: url, body: body), rule)
      try require(error.code == .notConnected, rule, "\(method.rawValue): \(describe(error))")
    }
  }

  /// An answer reset after its head, or closed half-way, may have reached the server: it
  /// never ends in ``LoyaltyCore/LoyaltyError/Code/notConnected``.
  func cutAnswers() async throws {
    let cases: [(LoopbackHTTPServer.Behaviour, String)] = [
      (.resetAfterHead(bodyBytes: 50), "an answer reset after its head"),
      (.closeHalfWay, "an answer closed half-way"),
    ]
    let body = Data(repeating: UInt8(ascii: "x"), count: 4_000)
    for (behaviour, answer) in cases {
      let rule =
        "\(answer) may have reached the server: connectionLost, timedOut or transportFailed"
      try await withServer({ _ in
        LoopbackHTTPServer.Response(
          status: 200, headers: [("Content-Type", "application/json")], body: body,
          behaviour: behaviour)
      }) { server in
        // A short request timeout: a transport that misses the cut waits it out, and a
        // timeout may have reached the server too.
        let transport = try await transport(timeout: 10)
        let error = try await loyaltyError(
          transport,
          HTTPRequest(method: .post, url: server.url("/api/redeem"), body: Data("{}".utf8)),
          rule)
        try require(Self.mayHaveReachedServer.contains(error.code), rule, describe(error))
      }
    }
  }

  /// A body over the limit, with `Content-Length` or without, and a small gzip body that
  /// inflates beyond it, end in ``LoyaltyCore/LoyaltyError/Code/responseTooLarge``; a
  /// body of exactly the limit comes back whole.
  func bodyLimit() async throws {
    let exact = Data(repeating: UInt8(ascii: "e"), count: limit)
    let over = Data(repeating: UInt8(ascii: "o"), count: limit * 4)
    let bomb = try LoopbackHTTPServer.Response.gzipBomb(inflatingTo: limit * 16)
    let answers: [String: LoopbackHTTPServer.Response] = [
      "/exact": .init(body: exact),
      "/length": .init(status: 200, body: over),
      "/close-delimited": .init(status: 200, body: over, behaviour: .closeDelimited),
      "/error-status": .init(status: 500, body: over),
      "/bomb": bomb,
    ]
    try await withServer({ request in
      answers[request.path] ?? .init(status: 404)
    }) { server in
      let transport = try await transport()
      let whole = "a body of exactly maxResponseBytes comes back whole"
      let response = try await response(
        transport, HTTPRequest(method: .get, url: server.url("/exact")), whole)
      try require(response.body == exact, whole, "\(response.body.count) bytes of \(limit)")

      let cases = [
        ("/length", "a body over the limit, with Content-Length, is responseTooLarge"),
        ("/close-delimited", "a body over the limit, without Content-Length, is responseTooLarge"),
        ("/error-status", "a 500 answer's body over the limit is responseTooLarge"),
        (
          "/bomb",
          "a gzip body over the limit once inflated (\(bomb.body.count) bytes on the wire) is "
            + "responseTooLarge"
        ),
      ]
      for (path, rule) in cases {
        let error = try await loyaltyError(
          transport,
          HTTPRequest(
            method: .get, url: server.url(path), headers: ["Accept-Encoding": "gzip"]), rule)
        try require(error.code == .responseTooLarge, rule, describe(error))
      }
    }
  }

  /// A redirect loop is an answer that never ends:
  /// ``LoyaltyCore/LoyaltyError/Code/invalidResponse``, which is never sent again.
  func redirectLoop() async throws {
    let rule = "a redirect loop is invalidResponse"
    try await withServer({ request in .redirect(to: request.path) }) { server in
      let transport = try await transport()
      let error = try await loyaltyError(
        transport, HTTPRequest(method: .get, url: server.url("/api/loop")), rule)
      try require(error.code == .invalidResponse, rule, describe(error))
      try require(
        server.requests.count <= 64, "a redirect loop is followed a bounded number of times",
        "\(server.requests.count) requests")
    }
  }
}
