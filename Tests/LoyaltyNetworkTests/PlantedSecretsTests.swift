import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Synchronization
import Testing

/// One value of every secret kind guarantee 11 lists, and the fragments of each that must
/// never appear anywhere (a masked card number keeps its last four digits, so the check
/// is on the rest).
private enum Planted {
  static let apiKey = "planted-api-key-5f0c2e91b7"
  static let refreshToken = "rt-planted-8d41c7a9e2f6"
  static let secondRefreshToken = "rt-planted-3b90e5d17c4a"
  static let signature = "a3f1c9e07b5d2468aa0f3e1c9b7d5e2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1e3f"
  static let email = "maria.planted+loyalty@example.gr"
  static let phone = "+306912345678"
  static let msisdn = "306987654321"
  static let card = "4532015112830366"
  static let holder = "Maria Papadopoulou"
  static let pin = "842613"
  static let deviceID = "5C1D0E7A-93B2-4F6E-8A1D-2B7C9E4F0A36"

  /// What must not appear, with a name for the failure message.
  static let fragments: [(kind: String, text: String)] = [
    ("API key", apiKey), ("API key", "5f0c2e91b7"),
    ("refresh token", refreshToken), ("refresh token", secondRefreshToken),
    ("signature", signature), ("signature", String(signature.prefix(16))),
    ("email", email), ("email", "maria.planted"),
    ("phone", phone), ("phone", "6912345678"),
    ("msisdn", msisdn), ("msisdn", "6987654321"),
    ("card number", card), ("card number", String(card.prefix(12))),
    ("card holder", holder), ("card holder", "Papadopoulou"),
    ("PIN", pin),
    ("device id", deviceID), ("device id", "5C1D0E7A"), ("device id", "2B7C9E4F0A36"),
  ]

  /// Every planted value under the key a backend would use for it.
  static let fields: [String: JSONValue] = [
    "email": .string(email), "phone": .string(phone), "msisdn": .string(msisdn),
    "card_number": .string(card), "cardholder": .string(holder), "pin": .string(pin),
    "unique_device_id": .string(deviceID), "signature": .string(signature),
    "api_key": .string(apiKey), "refresh_token": .string(refreshToken),
    "action": "add_card", "points": 1250,
  ]

  static let query = [
    URLQueryItem(name: "msisdn", value: msisdn), URLQueryItem(name: "email", value: email),
    URLQueryItem(name: "phone", value: phone), URLQueryItem(name: "device_id", value: deviceID),
    URLQueryItem(name: "cardholder", value: holder), URLQueryItem(name: "page", value: "2"),
  ]

  static let headers: HTTPHeaders = [
    "loyalty-signature": signature, "unique-device-id": deviceID, "X-Api-Key": apiKey,
    "X-Msisdn": msisdn, "X-Request-ID": "request-17",
  ]

  static func configuration(level: LogLevel) -> LoyaltyConfiguration {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: apiKey, bundleID: "com.example.secret-tests",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .production)
    configuration.logging.level = level
    return configuration
  }
}

@Suite("11. Planted secrets never appear in logs, errors, descriptions or dumps")
struct PlantedSecretsTests {
  /// The secrets of one run through the client: the planted ones, and the access tokens
  /// and signatures the run produced.
  private static func leaks(
    in text: String, tokens: [String], where place: String
  ) -> [String] {
    let fragments = Planted.fragments + tokens.map { ("access token or signature", $0) }
    return fragments.filter { text.contains($0.text) }.map {
      "\(place) shows the \($0.kind) (\($0.text.prefix(8))...)"
    }
  }

  /// Logs in, refreshes, sends a request with every secret in its headers, query and
  /// body, gets them all back in a response, and gets them back in a failure too.
  private static func run(
    level: LogLevel
  ) async throws -> (logs: InMemoryLogHandler, errors: [any Error], backend: ScriptedBackend) {
    // The 30 s login and resource timeouts really wait, so they never win a race by accident.
    let backend = ScriptedBackend(clock: InstantClock(realSleepsFrom: 20))
    let handler = InMemoryLogHandler()
    let configuration = Planted.configuration(level: level)
    let logger = LoyaltyLogger(
      label: "LoyaltyNetwork", level: level, handler: handler,
      masker: SecretMasker(literals: configuration.secrets))
    let device = DeviceIdentity(
      deviceID: Planted.deviceID, platform: "linux", vendor: "linux", osVersion: "6.1.0")
    let client = NetworkClient(
      configuration: configuration, transport: backend, tokenStore: InMemoryTokenStore(),
      signer: PortableRequestSigner(), clock: backend.clock, device: device, events: nil,
      logger: logger)
    backend.on("/partners/dei/login") { _, backend in
      var pair = backend.issueToken()
      pair.refreshToken = Planted.refreshToken
      return SessionTests.tokenResponse(pair)
    }
    backend.on("/token") { _, backend in
      var pair = backend.issueToken()
      pair.refreshToken = Planted.secondRefreshToken
      return SessionTests.tokenResponse(pair)
    }
    backend.on(
      "/context",
      ScriptedBackend.protected { request in
        let echoed = String(decoding: request.body ?? Data(), as: UTF8.self)
        return ScriptedBackend.json(
          200,
          [
            "status": "1", "echo": echoed, "email": Planted.email, "msisdn": Planted.msisdn,
            "phone": Planted.phone, "card_number": Planted.card, "cardholder": Planted.holder,
            "pin": Planted.pin, "unique_device_id": Planted.deviceID, "points": 1250,
          ],
          headers: ["X-Device-Id": Planted.deviceID, "Set-Cookie": "session=\(Planted.apiKey)"])
      })
    backend.on("/cards") { _, _ in
      ScriptedBackend.json(
        400,
        [
          "status": "0",
          "msg": "card \(Planted.card) rejected for \(Planted.email), phone \(Planted.phone), "
            + "msisdn=\(Planted.msisdn), cardholder=\"\(Planted.holder)\", "
            + "pin=\(Planted.pin), unique_device_id=\(Planted.deviceID), "
            + "refresh_token=\(Planted.refreshToken)",
        ])
    }

    try await client.session.loginWithEmail(Planted.email)
    // The next call gets a 401 and refreshes with the planted refresh token.
    backend.revokeAll()
    _ = try await client.send(
      Endpoint<ResponseEnvelope>(
        name: "addCard", method: .post, path: "/oauth/{appUUID}/context",
        query: Planted.query, auth: .bearer, body: .wrapped("cards", Planted.fields),
        headers: Planted.headers))
    _ = try await client.send(
      Endpoint<ResponseEnvelope>(
        name: "addCardForm", method: .post, path: "/oauth/{appUUID}/context",
        query: Planted.query, auth: .bearer,
        body: .form(
          [
            .init("email", Planted.email), .init("msisdn", Planted.msisdn),
            .init("phone", Planted.phone), .init("card_number", Planted.card),
            .init("cardholder", Planted.holder), .init("pin", Planted.pin),
            .init("device_id", Planted.deviceID), .init("page", "2"),
          ]),
        headers: Planted.headers))
    var errors: [any Error] = []
    do {
      _ = try await client.send(
        Endpoint<ResponseEnvelope>(
          name: "cards", method: .post, path: "/cards", query: Planted.query, auth: .bearer,
          body: .json(.object(Planted.fields)), headers: Planted.headers))
    } catch {
      errors.append(error)
    }
    return (handler, errors, backend)
  }

  /// The access tokens and the signatures the backend received.
  private static func producedSecrets(_ backend: ScriptedBackend) -> [String] {
    backend.requests.flatMap { request in
      [
        request.headers["Authorization"].map { $0.replacingOccurrences(of: "Bearer ", with: "") },
        request.headers["loyalty-signature"],
      ].compactMap { $0 }
    }
  }

  @Test(
    "11. no planted secret reaches a captured log line at any level, nor an error",
    arguments: [LogLevel.verbose, .debug, .info, .warning, .error])
  func logsAndErrors(level: LogLevel) async throws {
    let (handler, errors, backend) = try await Self.run(level: level)
    let tokens = Self.producedSecrets(backend)
    #expect(tokens.count >= 8, "the run signed and authorized its requests")
    #expect(errors.count == 1, "the failing call failed")

    let logs = handler.text
    if level == .verbose {
      #expect(logs.contains("-> POST"), "verbose logging ran")
      // Ordinary data stays readable.
      #expect(logs.contains("add_card"))
      #expect(logs.contains("1250"))
      #expect(logs.contains("request-17"))
    }
    if level >= .debug {
      #expect(logs.contains("<- POST"), "debug logging ran")
    }
    var leaks: [String] = []
    for record in handler.records {
      leaks += Self.leaks(in: record.formatted, tokens: tokens, where: "a \(record.level) line")
    }
    for error in errors {
      for text in [
        String(describing: error), String(reflecting: error), "\(error)",
        (error as? LoyaltyError).map { $0.message + $0.metadata.description } ?? "",
      ] {
        leaks += Self.leaks(in: text, tokens: tokens, where: "the error")
      }
    }
    #expect(leaks.isEmpty, "\(Set(leaks).sorted().joined(separator: "\n"))")
  }

  @Test("11. a token pair describes, reflects and dumps no token")
  func tokenPairDump() {
    let pair = TokenPair(
      accessToken: "planted-access-token-1234", refreshToken: "planted-refresh-token-5678",
      clientID: "planted-client-id", clientSecret: "planted-client-secret")
    var dumped = ""
    dump(pair, to: &dumped)
    for text in [String(describing: pair), String(reflecting: pair), dumped] {
      for secret in [
        "planted-access-token-1234", "planted-refresh-token-5678", "planted-client-id",
        "planted-client-secret",
      ] {
        #expect(!text.contains(secret), "\(secret) in \(text)")
      }
    }
    #expect(dumped.contains("TokenPair"))
  }

  @Test("11. configurations, requests and headers describe, reflect and dump no secret")
  func descriptionsAndDumps() async throws {
    let (_, _, backend) = try await Self.run(level: .none)
    let tokens = Self.producedSecrets(backend)
    let configuration = Planted.configuration(level: .verbose)
    let body = try JSONValue.object(Planted.fields).jsonData()
    var url = URLComponents(string: "https://loyalty.test/oauth/app/context")
    url?.queryItems = Planted.query + [URLQueryItem(name: "access_token", value: tokens[0])]
    let planted = HTTPRequest(
      method: .post, url: try #require(url?.url),
      headers: Planted.headers.merging(["Authorization": "Bearer \(tokens[0])"]), body: body)
    let requests = backend.requests + [planted]
    #expect(requests.count >= 6)

    var values: [(String, Any)] = [("the configuration", configuration)]
    for (index, request) in requests.enumerated() {
      values.append(("request \(index)", request))
      values.append(("the headers of request \(index)", request.headers))
    }
    var leaks: [String] = []
    for (name, value) in values {
      var dumped = ""
      dump(value, to: &dumped)
      let texts = [
        ("String(describing:)", String(describing: value)),
        ("String(reflecting:)", String(reflecting: value)),
        ("dump", dumped),
      ]
      for (how, text) in texts {
        leaks += Self.leaks(in: text, tokens: tokens, where: "\(how) of \(name)")
      }
    }
    #expect(leaks.isEmpty, "\(Set(leaks).sorted().joined(separator: "\n"))")
    // Descriptions stay useful.
    #expect(String(describing: planted).contains("POST"))
    #expect(String(describing: planted).contains("page=2"))
    #expect(String(describing: planted.headers).contains("request-17"))
    #expect(String(describing: configuration).contains("com.example.secret-tests"))
  }
}

extension HTTPHeaders {
  fileprivate func merging(_ other: HTTPHeaders) -> HTTPHeaders {
    var merged = self
    for field in other { merged.replaceOrAdd(name: field.name, value: field.value) }
    return merged
  }
}
