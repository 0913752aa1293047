import Benchmark
import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Synchronization

// Each SDK figure has a reference measured in the same run; report the ratio.
//
// - "Request: full chain": `NetworkClient.send` of a small bearer endpoint, on one client
//   kept for every sample, over an in-process transport (headers and signature, auth, retries, limit, logging off,
//   envelope, decode) against "Request: bare transport + JSON decode": the same
//   transport call and a JSONSerialization parse of the same bytes. The difference is
//   the SDK's overhead per request.
// - "1,000 concurrent requests, expired token" against "1,000 concurrent requests, valid
//   token": wall time of the storm that needs one shared refresh, as a ratio of the one
//   that needs none. Target: at most 1.5x, and exactly one refresh (checked each run).

enum BenchmarkFailure: Error {
  case refreshCount(Int)
}

let responseBody = Data(
  #"{"status":"1","context":{"MAPP_PROFILE":{"name":"Maria","points":"1200"},"MAPP_PROFILE-status":1}}"#
    .utf8)

let configuration: LoyaltyConfiguration = {
  var configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-7",
    apiKey: "bench-api-key", bundleID: "com.example.bench",
    environment: .custom(URL(string: "https://loyalty.bench") ?? URL(fileURLWithPath: "/")),
    preset: .production)
  configuration.logging.level = .none
  return configuration
}()

func jwt(expiresIn seconds: TimeInterval, serial: Int) -> String {
  let exp = Int(Date().timeIntervalSince1970 + seconds)
  return Base64URL.encode(Data(#"{"alg":"HS256"}"#.utf8)) + "."
    + Base64URL.encode(Data(#"{"sub":"u","exp":\#(exp),"n":\#(serial)}"#.utf8)) + ".sig"
}

/// An in-process backend: answers refreshes with a new token and everything else with
/// `responseBody`, counting refreshes.
///
/// It answers at once, so it says it keeps deadlines and the client calls it directly;
/// `GuardedBackend` measures the same calls raced against the client's own timer, as a
/// transport that does not say so (URLSession) is.
class Backend: HTTPTransport, @unchecked Sendable {
  // Unchecked: the only state is an atomic counter.
  let refreshes = Atomic<Int>(0)

  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    if request.url.path.hasSuffix("/token") {
      let serial = refreshes.add(1, ordering: .relaxed).newValue
      let body =
        #"{"status":"1","access_token":"\#(jwt(expiresIn: 3_600, serial: serial))","refresh_token":"r\#(serial)"}"#
      return HTTPResponse(status: 200, body: Data(body.utf8))
    }
    return HTTPResponse(status: 200, body: responseBody)
  }
}

/// The same backend, raced against the client's timer like any transport that does not
/// keep deadlines itself.
final class GuardedBackend: Backend, @unchecked Sendable {
  override var keepsDeadlines: Bool { false }
}

func client(backend: Backend, tokens: TokenPair) -> NetworkClient {
  NetworkClient(
    configuration: configuration, transport: backend, tokenStore: InMemoryTokenStore(tokens),
    signer: PortableRequestSigner(), clock: SystemClock(),
    device: DeviceIdentity(deviceID: "d", platform: "linux", vendor: "linux", osVersion: "6"),
    events: nil, logger: .disabled)
}

/// The client "Request: full chain" sends through, made once with a token valid for an hour.
let steadyClient = client(
  backend: Backend(),
  tokens: TokenPair(accessToken: jwt(expiresIn: 3_600, serial: 0), refreshToken: "r"))

/// Idempotent, as the market's profile call is: no idempotency key.
let profile = Endpoint<ResponseEnvelope>(
  name: "profile", method: .post, path: "/oauth/{appUUID}/context", auth: .bearer,
  body: .wrapped("consumer_data", ["action": "handle_user_details", "process": "get"]),
  isIdempotent: true, check: .domain("MAPP_PROFILE"))

/// The client "Request: full chain, transport raced against its deadline" sends through.
let guardedClient = client(
  backend: GuardedBackend(),
  tokens: TokenPair(accessToken: jwt(expiresIn: 3_600, serial: 0), refreshToken: "r"))

func storm(_ client: NetworkClient) async throws {
  try await withThrowingTaskGroup(of: Void.self) { group in
    for _ in 0..<1_000 {
      group.addTask { _ = try await client.send(profile) }
    }
    try await group.waitForAll()
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds,
    maxDuration: .seconds(3), maxIterations: 100_000)

  Benchmark("Request: full chain") { benchmark in
    // One client for every sample, as an app keeps one: a fresh client per sample would
    // time its first request, which decodes the access token, in every sample.
    for _ in benchmark.scaledIterations {
      blackHole(try await steadyClient.send(profile))
    }
  }

  Benchmark("Request: full chain, transport raced against its deadline") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try await guardedClient.send(profile))
    }
  }

  Benchmark("Request: bare transport + JSON decode (reference)") { benchmark in
    let backend = Backend()
    let request = HTTPRequest(
      method: .post,
      url: URL(string: "https://loyalty.bench/oauth/x/context") ?? URL(fileURLWithPath: "/"),
      body: Data(#"{"consumer_data":{"action":"handle_user_details"}}"#.utf8))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let response = try await backend.send(request)
      blackHole(try JSONSerialization.jsonObject(with: response.body))
    }
  }

  let storms = Benchmark.Configuration(
    metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 1,
    maxDuration: .seconds(5), maxIterations: 30)

  Benchmark("1,000 concurrent requests, expired token", configuration: storms) { benchmark in
    let backend = Backend()
    let network = client(
      backend: backend,
      tokens: TokenPair(accessToken: jwt(expiresIn: -60, serial: 0), refreshToken: "r0"))
    benchmark.startMeasurement()
    try await storm(network)
    benchmark.stopMeasurement()
    let refreshes = backend.refreshes.load(ordering: .relaxed)
    guard refreshes == 1 else { throw BenchmarkFailure.refreshCount(refreshes) }
  }

  Benchmark("1,000 concurrent requests, valid token (reference)", configuration: storms) {
    benchmark in
    let backend = Backend()
    let network = client(
      backend: backend,
      tokens: TokenPair(accessToken: jwt(expiresIn: 3_600, serial: 0), refreshToken: "r0"))
    benchmark.startMeasurement()
    try await storm(network)
    benchmark.stopMeasurement()
    let refreshes = backend.refreshes.load(ordering: .relaxed)
    guard refreshes == 0 else { throw BenchmarkFailure.refreshCount(refreshes) }
  }
}
