import Foundation
import LoyaltyCore
import LoyaltySandbox

/// The backend both transports are measured against, and the clients' configuration.
enum BenchmarkBackend {
  /// The sandbox the emulator serves.
  static let sandbox = SandboxConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-bench",
    apiKey: "bench-api-key-0001")

  /// A client's configuration for a server on 127.0.0.1:`port`, with `maxResponseBytes`.
  static func configuration(
    port: Int, maxResponseBytes: Int = NetworkConfiguration.defaultMaxResponseBytes
  ) throws -> LoyaltyConfiguration {
    guard let url = URL(string: "http://127.0.0.1:\(port)") else {
      throw BenchmarkError("no URL for port \(port)")
    }
    var configuration = LoyaltyConfiguration(
      appUUID: sandbox.appUUID, merchantID: sandbox.merchantID, apiKey: sandbox.apiKey,
      bundleID: "com.example.transport-benchmark", environment: .custom(url), language: "en",
      preset: .production)
    configuration.logging.level = .none
    configuration.network.maxResponseBytes = maxResponseBytes
    configuration.device.registersAtStart = false
    return configuration
  }
}

/// What stopped the benchmark.
struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
