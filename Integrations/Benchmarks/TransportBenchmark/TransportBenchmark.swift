import Foundation
import LoyaltyEmulatorServer
import LoyaltyNetwork
import LoyaltySandbox

/// `swift run -c release --package-path Integrations transport-benchmark`: URLSession
/// against AsyncHTTPClient, in one run.
///
/// The driver serves the emulator on 127.0.0.1 and runs each measurement in a process of
/// its own (this executable again), so each peak memory is that transport's alone:
/// - 100 SDK clients, 1,000 concurrent calls in all (10 per client), five rounds after
///   one to warm the pools: calls per second and p50/p99 latency of the median round,
///   and the process's peak memory;
/// - one client fetching a gzip bomb (200 KB that inflate to 200 MB) and a 50 MB body
///   sent without a `Content-Length`, against a 10 MiB `maxResponseBytes`: the peak
///   memory's growth, and how the call ended.
///
/// It prints a table, then AsyncHTTPClient's figures as ratios of URLSession's.
@main
struct TransportBenchmark {
  static let transports = ["urlsession", "asynchttpclient"]

  static func main() async {
    do {
      let arguments = Array(CommandLine.arguments.dropFirst())
      switch arguments.first {
      case "--run":
        let run = TransportRun(transport: arguments[1], port: Int(arguments[3]) ?? 0)
        try emit(try await run.run())
      case "--bomb":
        let run = BombRun(transport: arguments[1], body: arguments[2], port: Int(arguments[3]) ?? 0)
        try emit(try await run.run())
      default:
        try await drive()
      }
    } catch {
      FileHandle.standardError.write(Data("transport-benchmark failed: \(error)\n".utf8))
      exit(1)
    }
  }

  /// Writes a child's result as one JSON line on standard output.
  static func emit(_ value: some Encodable) throws {
    FileHandle.standardOutput.write(try JSONEncoder().encode(value) + Data("\n".utf8))
  }

  static func drive() async throws {
    let bodies = try BombRun.server()
    defer { bodies.stop() }
    let server = EmulatorServer(backend: SandboxBackend(configuration: BenchmarkBackend.sandbox))
    let port = try await server.start(port: 0)
    var runs: [String: TransportRun.Result] = [:]
    var bombs: [String: BombRun.Result] = [:]
    do {
      for transport in transports {
        runs[transport] = try child(
          TransportRun.Result.self, ["--run", transport, "--port", String(port)])
        for body in BombRun.bodies {
          bombs[transport + body] = try child(
            BombRun.Result.self, ["--bomb", transport, body, String(bodies.port)])
        }
      }
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
    print(Report(runs: runs, bombs: bombs, transports: transports).text)
  }

  /// Runs this executable with `arguments` and decodes the JSON line it prints.
  static func child<Value: Decodable>(_ type: Value.Type, _ arguments: [String]) throws -> Value {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let line = data.split(separator: UInt8(ascii: "\n")).last
    else {
      throw BenchmarkError(
        "\(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
    }
    return try JSONDecoder().decode(Value.self, from: Data(line))
  }
}
