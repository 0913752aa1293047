import Benchmark
import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySecurity
import LoyaltyStore
import Synchronization

// Each SDK figure has a reference measured in the same run; report the ratio.
//
// - "Registry: start + shutdown, all modules" against "Reference: build the same
//   objects by hand": what the registry's graph checks and lifecycle cost.
// - "Registry: resolve cached capability x1000" against "Reference: locked
//   dictionary lookup x1000": what a typed, lazy, cached lookup costs over the
//   simplest thread-safe map.

let configuration = LoyaltyConfiguration(
  appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.bench", preset: .testing)

func allModules() -> [any LoyaltyModule] {
  [
    MarketModule(), PushModule(), EventsModule(), NetworkModule(),
    StoreModule(location: .inMemory), SecurityModule(keyStore: .inMemory),
  ]
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .throughput], maxDuration: .seconds(3))

  Benchmark("Registry: start + shutdown, all modules") { benchmark in
    for _ in benchmark.scaledIterations {
      let client = try await LoyaltyClient.start(configuration, modules: allModules())
      blackHole(try client.resolve(.httpTransport))
      blackHole(try client.resolve(.eventSink))
      await client.shutdown()
    }
  }

  Benchmark("Reference: build the same objects by hand") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(URLSessionTransport(configuration: configuration.network))
      blackHole(EventBus())
      blackHole(InMemoryTokenStore())
      blackHole(InMemoryKeyValueStore())
    }
  }

  Benchmark("Registry: resolve cached capability x1000") { benchmark in
    let client = try await LoyaltyClient.start(configuration, modules: allModules())
    _ = try client.resolve(.eventSink)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      for _ in 0..<1_000 {
        blackHole(try client.resolve(.eventSink))
      }
    }
    benchmark.stopMeasurement()
    await client.shutdown()
  }

  Benchmark("Reference: locked dictionary lookup x1000") { benchmark in
    let table = Mutex<[String: any Sendable]>(["loyalty.event-sink": EventBus()])
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      for _ in 0..<1_000 {
        blackHole(table.withLock { $0["loyalty.event-sink"] } as? EventBus)
      }
    }
    benchmark.stopMeasurement()
  }
}
