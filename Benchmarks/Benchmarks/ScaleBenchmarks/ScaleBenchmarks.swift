import Benchmark
import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox

// Many clients in one process, on one shared in-process sandbox.
//
// Each benchmark starts N clients (network, events, market; the store's in-memory
// defaults: `InMemoryTokenStore`, `InMemoryEventQueue`), all over one `SandboxBackend`,
// then logs every client in and loads its campaigns (`Market.campaigns()`), 64 at a
// time. It reports, per client: the time to start it (`start`), the resident memory it
// adds once started and idle (`idle bytes`), and once logged in with its campaigns
// loaded (`active bytes`), and the calls that failed (`failures`, which must be 0). The
// memory figures are the process's resident memory after `malloc_trim`, before and
// after, divided by N: what N clients hold, not what starting them passed through.
//
// The sandbox answers 8 campaigns and knows 1,000 users; client i logs in as user
// i mod 1,000. The events module runs with its defaults (a 30 s flush timer per client).

enum ScaleFailure: Error {
  case failures(Int)
}

let configuration: LoyaltyConfiguration = {
  var configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", merchantID: "sandbox-merchant",
    apiKey: "scale-api-key", bundleID: "com.example.scale",
    environment: .custom(URL(string: "https://sandbox.invalid") ?? URL(fileURLWithPath: "/")),
    preset: .production)
  configuration.logging.level = .none
  return configuration
}()

let userCount = 1_000

/// Gives the memory `free` kept back to the system.
func trimFreeMemory() {
  #if canImport(Glibc)
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(nil, "malloc_trim") {
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
  #endif
}

/// The process's resident memory, in bytes, after handing free memory back.
func residentBytes() -> Int {
  trimFreeMemory()
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The shared sandbox, with its fixtures built before any measurement.
func makeBackend() -> SandboxBackend {
  SandboxBackend(
    configuration: SandboxConfiguration(matching: configuration),
    fixtures: SandboxFixtures(
      seed: 19, campaigns: 8, personalizedCampaigns: 2, couponSets: 4, merchants: 4,
      users: userCount))
}

func startClient(_ backend: SandboxBackend) async throws -> LoyaltyClient {
  var overrides = CapabilityOverrides()
  overrides.override(.httpTransport, with: SandboxTransport(backend))
  return try await LoyaltyClient.start(
    configuration,
    modules: [
      NetworkModule(), EventsModule(),
      MarketModule(),
    ], overrides: overrides)
}

/// Logs client `index` in and loads its campaigns; `false` when a call failed.
func activate(_ client: LoyaltyClient, index: Int) async -> Bool {
  do {
    try await client.network.session.loginWithEmail(
      SandboxFixtures.userEmail(index % userCount + 1))
    return try await !client.market.campaigns().isEmpty
  } catch {
    return false
  }
}

/// Runs the whole scenario for `count` clients and reports its figures.
func measureClients(_ count: Int, _ benchmark: Benchmark, _ backend: SandboxBackend) async throws {
  let before = residentBytes()
  let clock = ContinuousClock()
  var clients: [LoyaltyClient] = []
  clients.reserveCapacity(count)
  let started = clock.now
  for _ in 0..<count {
    clients.append(try await startClient(backend))
  }
  let startTime = started.duration(to: clock.now)
  let idle = residentBytes()

  let failures = await withTaskGroup(of: Bool.self) { group in
    var failures = 0
    var next = 0
    for _ in 0..<min(64, count) {
      let client = clients[next]
      let index = next
      group.addTask { await activate(client, index: index) }
      next += 1
    }
    for await succeeded in group {
      if !succeeded { failures += 1 }
      if next < count {
        let client = clients[next]
        let index = next
        group.addTask { await activate(client, index: index) }
        next += 1
      }
    }
    return failures
  }
  let active = residentBytes()

  benchmark.measurement(.custom("start ns per client"), Int(startTime / .nanoseconds(1)) / count)
  benchmark.measurement(.custom("idle bytes per client"), (idle - before) / count)
  benchmark.measurement(.custom("active bytes per client"), (active - before) / count)
  benchmark.measurement(.custom("failures"), failures)

  for client in clients {
    await client.shutdown()
  }
  clients.removeAll()
  guard failures == 0 else { throw ScaleFailure.failures(failures) }
}

let benchmarks: @Sendable () -> Void = {
  let metrics: [BenchmarkMetric] = [
    .wallClock, .custom("start ns per client"), .custom("idle bytes per client"),
    .custom("active bytes per client"), .custom("failures"),
  ]

  Benchmark(
    "Clients: 10,000 on one sandbox",
    configuration: .init(
      metrics: metrics, timeUnits: .milliseconds, warmupIterations: 0,
      maxDuration: .seconds(60), maxIterations: 3),
    closure: { benchmark, backend in
      try await measureClients(10_000, benchmark, backend)
    }, setup: { makeBackend() })

  Benchmark(
    "Clients: 100,000 on one sandbox",
    configuration: .init(
      metrics: metrics, timeUnits: .milliseconds, warmupIterations: 0,
      maxDuration: .seconds(1), maxIterations: 1),
    closure: { benchmark, backend in
      try await measureClients(100_000, benchmark, backend)
    }, setup: { makeBackend() })
}
