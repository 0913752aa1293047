import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyNetwork

/// One transport against a body far over the 10 MiB limit, in a process of its own: how
/// much the process's peak memory grew, and how the call ended.
struct BombRun {
  /// The bodies: a gzip bomb, and a large body sent without `Content-Length`.
  static let bodies = ["bomb", "unannounced"]
  /// The limit both transports are given.
  static let limit = 10 * 1_048_576
  /// The bomb's size once inflated.
  static let bombSize = 200 * 1_048_576
  /// The unannounced body's size.
  static let unannouncedSize = 50 * 1_000_000

  /// The transport measured: `urlsession` or `asynchttpclient`.
  let transport: String
  /// One of ``bodies``.
  let body: String
  /// The port of the driver's server, which answers `/bomb` and `/unannounced`.
  let port: Int

  /// What one run measured.
  struct Result: Codable {
    var growthMiB: Double
    var outcome: String
    var seconds: Double
  }

  static func describe(_ body: String) -> String {
    body == "bomb"
      ? "gzip bomb (\(bombSize / 1_048_576) MiB inflated)"
      : "\(unannouncedSize / 1_000_000) MB, no Content-Length"
  }

  /// The driver's server: the bodies live in the driver's process, so the memory measured
  /// here is the client's alone.
  static func server() throws -> LoopbackHTTPServer {
    let bomb = LoopbackHTTPServer.Response(
      headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
      body: try Gzip.compress(Data(count: bombSize)))
    let unannounced = LoopbackHTTPServer.Response(
      headers: [("Content-Type", "application/json")],
      body: Data(repeating: UInt8(ascii: " "), count: unannouncedSize),
      behaviour: .closeDelimited)
    return try LoopbackHTTPServer { request in
      request.path == "/bomb" ? bomb : unannounced
    }
  }

  func run() async throws -> Result {
    var configuration = try BenchmarkBackend.configuration(
      port: port, maxResponseBytes: Self.limit)
    configuration.network.maxRetryAttempts = 1
    let transport = TransportRun(transport: transport, port: 0).networkTransport
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule(transport: transport)])
    // A call without a session: the server answers the body whatever the request.
    let call = Endpoint(name: "largeAnswer", method: .get, path: "/\(body)")
    ProcessMemory.resetPeak()
    let before = ProcessMemory.resident
    let clock = ContinuousClock()
    let start = clock.now
    var outcome = "answered"
    do {
      _ = try await client.network.send(call)
    } catch let error as LoyaltyError {
      outcome = error.code.name
    }
    let seconds = (clock.now - start).seconds
    let growth = ProcessMemory.peak - before
    await client.shutdown()
    return Result(
      growthMiB: Double(growth) / 1_048_576, outcome: outcome, seconds: seconds)
  }
}
