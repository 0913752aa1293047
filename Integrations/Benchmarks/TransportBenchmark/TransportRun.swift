import Foundation
import LoyaltyAsyncHTTPClient
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyURLSession

/// One transport's measurement, run in a process of its own so its peak memory is its
/// own: 100 clients against the emulator on 127.0.0.1, 1,000 concurrent calls in all.
struct TransportRun {
  /// The transport measured: `urlsession` or `asynchttpclient`.
  let transport: String
  /// The emulator's port.
  let port: Int

  static let clients = 100
  static let callsPerClient = 10
  static let rounds = 5

  /// What one run measured, as the driver reads it back.
  struct Result: Codable {
    var transport: String
    var callsPerSecond: Double
    var p50Milliseconds: Double
    var p99Milliseconds: Double
    var peakMiB: Double
    var failures: Int
  }

  var networkTransport: NetworkTransport {
    transport == "urlsession" ? .urlSession : .asyncHTTPClient()
  }

  func run() async throws -> Result {
    var clients: [LoyaltyClient] = []
    for index in 0..<Self.clients {
      let client = try await LoyaltyClient.start(
        try BenchmarkBackend.configuration(port: port),
        modules: [NetworkModule(transport: networkTransport), MarketModule()])
      try await client.network.session.loginWithEmail("user\(index)@example.gr")
      clients.append(client)
    }
    // One round to warm the connection pools, then the measured rounds.
    var rounds: [(seconds: Double, latencies: [Double], failures: Int)] = []
    for round in 0...Self.rounds {
      let measured = try await storm(clients)
      if round > 0 { rounds.append(measured) }
    }
    for client in clients { await client.shutdown() }
    let median = rounds.sorted { $0.seconds < $1.seconds }[rounds.count / 2]
    let latencies = median.latencies.sorted()
    return Result(
      transport: transport,
      callsPerSecond: Double(latencies.count) / median.seconds,
      p50Milliseconds: latencies[latencies.count / 2] * 1_000,
      p99Milliseconds: latencies[latencies.count * 99 / 100] * 1_000,
      peakMiB: Double(ProcessMemory.peak) / 1_048_576,
      failures: rounds.reduce(0) { $0 + $1.failures })
  }

  /// 1,000 concurrent calls, 10 from each client; the wall time and each call's latency.
  private func storm(_ clients: [LoyaltyClient]) async throws
    -> (seconds: Double, latencies: [Double], failures: Int)
  {
    let clock = ContinuousClock()
    let start = clock.now
    let outcomes = await withTaskGroup(of: Double?.self) { group in
      for client in clients {
        for _ in 0..<Self.callsPerClient {
          group.addTask {
            let begun = clock.now
            do {
              _ = try await client.market.pointsHistory()
              return (clock.now - begun).seconds
            } catch {
              return nil
            }
          }
        }
      }
      var outcomes: [Double?] = []
      for await outcome in group { outcomes.append(outcome) }
      return outcomes
    }
    let latencies = outcomes.compactMap { $0 }
    return ((clock.now - start).seconds, latencies, outcomes.count - latencies.count)
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
