import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import LoyaltyURLSession

/// A ``NetworkClient`` over a ``URLSessionTransport`` to a loopback server, on real time,
/// with short retry delays.
enum LoopbackClient {
  static func configuration(
    port: UInt16, _ adjust: (inout NetworkConfiguration) -> Void = { _ in }
  ) -> LoyaltyConfiguration {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
      apiKey: "test-api-key-0001", bundleID: "com.example.loopback-tests",
      environment: .custom(URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .production)
    configuration.logging.level = .none
    // Long enough that a busy test machine never turns a scenario into a timeout, and
    // longer under the sanitizer (TestTime.scale): a reset answer once met a server that
    // had not read the request 30 s in. The deadline tests set their own.
    configuration.network.requestTimeout = min(300, 30 * TestTime.scale)
    configuration.network.resourceTimeout = min(3_600, 60 * TestTime.scale)
    configuration.network.maxRetryAttempts = 3
    configuration.network.retryBaseDelay = 0.05
    configuration.network.retryMaxDelay = 0.1
    configuration.network.retryJitter = 0
    adjust(&configuration.network)
    return configuration
  }

  /// A client to `port` of 127.0.0.1; `middleware` runs once per attempt.
  static func client(
    port: UInt16, middleware: [any HTTPMiddleware] = [],
    _ adjust: (inout NetworkConfiguration) -> Void = { _ in }
  ) -> NetworkClient {
    let configuration = configuration(port: port, adjust)
    return NetworkClient(
      configuration: configuration,
      transport: URLSessionTransport(configuration: configuration.network),
      tokenStore: InMemoryTokenStore(), signer: PortableRequestSigner(), clock: SystemClock(),
      device: DeviceIdentity(
        deviceID: "device-1", platform: "linux", vendor: "linux", osVersion: "6.1.0"),
      events: nil, logger: .disabled, middleware: middleware)
  }

  /// A call that moves value: a POST that is not idempotent.
  static let redeem = Endpoint<ResponseEnvelope>(
    name: "redeem_coupon", method: .post, path: "/redeem",
    body: .wrapped("coupon", ["code": "C-0042", "action": "redeem"]), isIdempotent: false)

  /// A call that is safe to repeat: a GET.
  static let balance = Endpoint<ResponseEnvelope>(
    name: "balance", method: .get, path: "/balance")

  /// A 100-byte successful answer.
  static let answer: Data = {
    let head = #"{"status":"1","coupon":"C-0042","note":""#
    let tail = #""}"#
    let fill = String(repeating: "x", count: 100 - head.utf8.count - tail.utf8.count)
    return Data((head + fill + tail).utf8)
  }()
}

/// Counts the attempts of every call that goes through it.
final class AttemptCounter: HTTPMiddleware {
  private let count = Locked(0)

  var attempts: Int { count.withLock { $0 } }

  func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    count.withLock { $0 += 1 }
    return try await next(request)
  }
}
