import Foundation
import LoyaltyCore
import LoyaltyFlows
import LoyaltyNetwork
import LoyaltySecurity
import Testing

/// A scripted flow backend: answers every flow call, with per-call status overrides and
/// gates that hold a call until released.
final class ScriptedFlowBackend: Sendable {
  static let code = "123456"

  private struct State {
    var statuses: [String: [Int]] = [:]
    var held: Set<String> = []
    var faceRequired = false
    var requests: [HTTPRequest] = []
  }

  private let state = Locked(State())

  var requests: [HTTPRequest] { state.withLock { $0.requests } }

  /// The next calls whose path contains `fragment` answer `statuses`, in order.
  func fail(_ fragment: String, with statuses: Int...) {
    state.withLock { $0.statuses[fragment, default: []].append(contentsOf: statuses) }
  }

  /// Calls whose path contains `fragment` wait until ``release(_:)``.
  func hold(_ fragment: String) { _ = state.withLock { $0.held.insert(fragment) } }

  /// Lets held calls through.
  func release(_ fragment: String) { _ = state.withLock { $0.held.remove(fragment) } }

  func requireFace(_ required: Bool) { state.withLock { $0.faceRequired = required } }

  /// The requests whose path ends with `fragment` or has it before a `/`.
  func requests(containing fragment: String) -> [HTTPRequest] {
    requests.filter { Self.matches($0.url.path, fragment) }
  }

  static func matches(_ path: String, _ fragment: String) -> Bool {
    path.hasSuffix(fragment) || path.contains(fragment + "/")
  }

  func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
    let path = request.url.path
    state.withLock { $0.requests.append(request) }
    while state.withLock({ state in state.held.contains { Self.matches(path, $0) } }) {
      try await Task.sleep(for: .milliseconds(1))
    }
    let scripted = state.withLock { state -> Int? in
      guard let key = state.statuses.keys.sorted().first(where: { Self.matches(path, $0) }),
        var list = state.statuses[key], !list.isEmpty
      else { return nil }
      let status = list.removeFirst()
      state.statuses[key] = list.isEmpty ? nil : list
      return status
    }
    if let scripted {
      return Self.json(scripted, ["message": "scripted \(scripted)"])
    }
    let body = String(decoding: request.body ?? Data(), as: UTF8.self)
    let challenge: [String: Any] = [
      "otpExpirySeconds": 120, "resendAfterSeconds": 30, "attemptsLeft": 3,
    ]
    if path.hasSuffix("/connect/token") {
      return Self.json(200, ["access_token": "flow-access", "expires_in": 300])
    } else if path.contains("SendOtp") || path.contains("ResendOtp")
      || path.hasSuffix("/ChangePin") || path.contains("ResendTransactionOTP")
    {
      return Self.json(200, challenge)
    } else if path.contains("VerifyOtp") {
      guard body.contains("otp=\(Self.code)") else {
        return Self.json(422, ["message": "Wrong code"])
      }
      return Self.json(200, ["forgetPinIdentifier": "forget-1"])
    } else if path.hasSuffix("/SetPin") || path.hasSuffix("/ForgotPinReset") {
      return Self.json(200, ["message": "PIN saved"])
    } else if path.contains("CPQRCPaymentValidation") {
      var answer = challenge
      answer["transactionId"] = "tx-1"
      answer["amount"] = "12.50"
      answer["isFaceVerificationRequired"] = state.withLock { $0.faceRequired }
      return Self.json(200, answer)
    } else if path.contains("CPQRCPaymentConfirm") {
      guard body.contains("\r\n\r\n\(Self.code)\r\n") else {
        return Self.json(422, ["message": "Wrong code"])
      }
      return Self.json(200, ["message": "Paid"])
    } else if path.contains("CPQRCPaymentStatus") {
      return Self.json(200, ["paymentStatus": "Success"])
    }
    return Self.json(404, ["message": "no route"])
  }

  static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
    let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    return HTTPResponse(status: status, body: data)
  }
}

/// Counts outcome callbacks.
final class OutcomeRecorder: Sendable {
  private let outcomes = Locked<[FlowOutcome]>([])
  var all: [FlowOutcome] { outcomes.withLock { $0 } }

  var callbacks: FlowCallbacks {
    FlowCallbacks(
      delivery: .inline,
      onSuccess: { [outcomes] result in outcomes.withLock { $0.append(.success(result)) } },
      onFailed: { [outcomes] failure in outcomes.withLock { $0.append(.failure(failure)) } },
      onUserCancel: { [outcomes] in outcomes.withLock { $0.append(.userCancel) } })
  }
}

/// A client with the flows module over a scripted backend, on a manual clock.
struct FlowHarness {
  static let privateKey: RSAPrivateKey = {
    do { return try RSAPrivateKey.generate(bitCount: 2_048) } catch {
      preconditionFailure("RSA key generation failed: \(error)")
    }
  }()

  let client: LoyaltyClient
  let backend = ScriptedFlowBackend()
  let clock = ManualClock()
  let logs = InMemoryLogHandler()
  let recorder = OutcomeRecorder()

  static func make(
    padding: RSAPadding = .oaepSHA256, flows: FlowsModule? = nil
  ) async throws -> FlowHarness {
    try await FlowHarness(padding: padding, flows: flows)
  }

  private init(padding: RSAPadding, flows: FlowsModule?) async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.flows",
      environment: .custom(URL(string: "https://flows.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    // Analytics on (the testing preset starts with it off, as the seed's does).
    configuration.privacy.enabled.insert(.analytics)
    configuration.logging.level = .verbose
    configuration.logging.networkLogging = true
    let backend = self.backend
    let transport = InMemoryHTTPTransport { request in try await backend.handle(request) }
    client = try await LoyaltyClient.start(
      configuration,
      modules: [
        NetworkModule(),
        try flows
          ?? FlowsModule(
            serverKeyPEM: try Self.privateKey.publicKey.pemRepresentation(),
            clientID: "merchant", clientSecret: "client-secret-xyz", pinPadding: padding),
      ],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: transport)
        .overriding(.clock, with: clock).overriding(.logHandler, with: logs))
  }

  func run(_ kind: FlowKind) throws -> FlowRun {
    let flows = try client.flows
    switch kind {
    case .setPIN: return flows.setPIN(wToken: "wallet-token-1", callbacks: recorder.callbacks)
    case .changePIN:
      return flows.changePIN(wToken: "wallet-token-1", callbacks: recorder.callbacks)
    case .forgotPIN:
      return flows.forgotPIN(wToken: "wallet-token-1", callbacks: recorder.callbacks)
    case .qrPayment:
      return flows.payQR(
        paymentReference: "QR-42", wToken: "wallet-token-1", callbacks: recorder.callbacks)
    }
  }

  /// Waits (bounded, by yielding) until `condition` holds.
  func waitUntil(_ condition: () -> Bool) async {
    for _ in 0..<20_000 where !condition() {
      await Task.yield()
    }
  }
}

/// Expects `body` to throw a LoyaltyError with `code`.
func expectCode(
  _ code: LoyaltyError.Code, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void
) async {
  do {
    try await body()
    Issue.record("expected \(code), nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as LoyaltyError {
    #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
  } catch {
    Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
  }
}
