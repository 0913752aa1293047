import LoyaltyBarcode
import LoyaltyCore
import LoyaltyDirectory
import LoyaltyEvents
import LoyaltyFlows
import LoyaltyLocation
import LoyaltyMarket
import LoyaltyMarketBarcode
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySecurity
import LoyaltyStore
import LoyaltyURLSession

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `swift run example-all-products`: a host that links every shipped product and nothing
/// else (no sandbox, no tools), as an app using the whole SDK would. It starts a client
/// with every module on the URLSession transport, tracks an event into the SQLite queue,
/// and shuts down. `scripts/size-report.sh` measures it as
/// the size of the whole SDK in a host.
@main
struct AllProductsExample {
  static func main() async {
    do {
      try await run()
      print("\nexample-all-products: done.")
    } catch {
      var message = "example-all-products failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static func run() async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "example-merchant",
      apiKey: "example-all-products-api-key",
      bundleID: "com.example.all-products",
      // No backend: a closed port of this machine. The device registers only when asked,
      // and the one upload, the analytics flush at shutdown, is refused at once; the event
      // stays queued.
      environment: .custom(
        URL(string: "http://127.0.0.1:9") ?? LoyaltyEnvironment.development.baseURL),
      language: "en",
      preset: .testing)
    // The testing preset starts with analytics off, as the seed's does; this example
    // shows them, so it turns them on.
    configuration.privacy.enabled.insert(.analytics)
    configuration.device.registersAtStart = false
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "example-all-products-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let modules: [any LoyaltyModule] = [
      NetworkModule(transport: .urlSession),
      StoreModule(location: .inMemory),
      SecurityModule(keyStore: .inMemory),
      EventsModule(analytics: AnalyticsConfiguration(flushAt: 100, flushInterval: 0)),
      PushModule(),
      MarketModule(),
      LocationModule(),
      FlowsModule(
        serverKeyPEM: try RSAPrivateKey.generate(bitCount: 2_048).publicKey.pemRepresentation(),
        clientID: "example-merchant", clientSecret: "example"),
      DirectoryModule(configuration: DirectoryConfiguration(folder: folder)),
    ]
    let client = try await LoyaltyClient.start(configuration, modules: modules)
    print("== Every product, one client")
    print("modules started: \(modules.count)")
    print("capabilities registered: \(client.registeredCapabilities.count)")

    try await client.analytics.track("app_opened")
    let statistics = await (try client.analytics).currentStatistics()
    print("tracked \(statistics.tracked), pending \(statistics.pending)")
    // A coupon's code as a till scans it (LoyaltyMarketBarcode draws a Coupon the same way).
    let code = try BarcodeSymbol(code: "5901234123457", serverType: nil)
    let png = try PNGRenderer().render(code)
    print("coupon code: \(code.symbology), \(png.count) bytes of PNG")
    await client.shutdown()
  }
}
