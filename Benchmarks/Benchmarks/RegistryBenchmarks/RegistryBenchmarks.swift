import Benchmark
import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySecurity
import LoyaltyStore
import LoyaltyURLSession
import Synchronization

// Each SDK figure has a reference measured in the same run; report the ratio.
//
// - "Registry: start + shutdown, all modules" against "Reference: build the same
//   objects by hand": what registering, the graph checks and the lifecycle cost over
//   wiring what the six modules start (database, stores, cipher, network client, bus,
//   pipeline, market, push center) by hand and closing it again.
// - "Registry: resolve cached capability x1000" against "Reference: locked
//   dictionary lookup x1000": what a typed, lazy, cached lookup costs over the
//   simplest thread-safe map.

let configuration: LoyaltyConfiguration = {
  var configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.bench", preset: .testing)
  // Start and shutdown are measured, not a device registration over the real network.
  configuration.device.registersAtStart = false
  return configuration
}()

func allModules() -> [any LoyaltyModule] {
  [
    MarketModule(), PushModule(), EventsModule(), NetworkModule(transport: .urlSession),
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
      // The services a host uses, so that both runs create the same objects whether a
      // module makes them at start or on first use.
      blackHole(try client.market)
      blackHole(try client.push)
      blackHole(try client.analytics)
      await client.shutdown()
    }
  }

  Benchmark("Reference: build the same objects by hand") { benchmark in
    for _ in benchmark.scaledIterations {
      try await wireByHand()
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

/// What starting the six modules creates, wired by hand, then closed as shutdown closes
/// it: the reference for the registry's own cost.
func wireByHand() async throws {
  let clock = SystemClock()
  let bus = EventBus()
  let database = try StoreDatabase(
    location: .inMemory, configuration: configuration, clock: clock, eventSink: bus)
  let cipher = AESGCMFieldCipher(keyStore: InMemoryKeyStore(), clock: clock)
  let tokens = SQLiteTokenStore(database: database, cipher: cipher, clock: clock)
  let preferences = SQLiteKeyValueStore(database: database)
  let network = NetworkClient(
    configuration: configuration,
    transport: URLSessionTransport(configuration: configuration.network),
    tokenStore: tokens,
    signer: SHA256RequestSigner(),
    clock: clock,
    device: try await DeviceIdentity.current(store: preferences),
    events: bus,
    logger: .disabled)
  let pipeline = AnalyticsPipeline(
    queue: SQLiteEventQueue(database: database),
    uploader: { NetworkAnalyticsUploader(client: network) },
    clock: clock,
    logger: .disabled)
  await pipeline.start()
  let market = Market(network: network, events: bus, analytics: pipeline)
  let push = PushCenter(
    network: network, store: preferences, events: bus, analytics: pipeline,
    deviceInfoProvider: SystemDeviceInfoProvider(configuration: configuration, store: preferences),
    limiter: NotificationLimiter(limits: NotificationLimits(), store: preferences, clock: clock),
    logger: .disabled)
  blackHole(push)
  await pipeline.stop()
  await market.state.finish()
  bus.finish()
  database.close()
}
