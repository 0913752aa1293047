import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork
import LoyaltySandbox
import LoyaltyStore
import LoyaltyTestSupport

/// Records each analytics event's name and parameters.
final class CallEventRecorder: AnalyticsTracker {
  private let events = Locked<[(name: String, parameters: [String: String])]>([])
  var names: [String] { events.withLock { $0.map(\.name) } }
  func parameters(of name: String) -> [String: String]? {
    events.withLock { $0.first { $0.name == name }?.parameters }
  }

  func track(_ name: String, parameters: [String: String]) async throws -> String {
    events.withLock { $0.append((name, parameters)) }
    return UUID().uuidString
  }
}

/// A client of the network module over the sandbox, with the bus and analytics replaced
/// by recorders: what each SDK call records and posts.
struct CallOutcomeHarness {
  static let appUUID = "0123456789abcdef0123456789abcdef"

  let backend: SandboxBackend
  let client: LoyaltyClient
  let sink: InMemoryEventSink
  let analytics: CallEventRecorder

  var session: Session {
    get throws { try client.network.session }
  }

  static func configuration() -> LoyaltyConfiguration {
    var configuration = LoyaltyConfiguration(
      appUUID: appUUID, merchantID: "merchant-7", apiKey: "outcome-test-key",
      bundleID: "com.example.outcomes",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      preset: .production)
    configuration.logging.level = .none
    configuration.device.registersAtStart = false
    return configuration
  }

  static func start(
    _ adjust: (inout LoyaltyConfiguration, inout SandboxConfiguration) -> Void = { _, _ in }
  ) async throws -> CallOutcomeHarness {
    var configuration = configuration()
    var sandbox = SandboxConfiguration(matching: configuration)
    adjust(&configuration, &sandbox)
    let backend = SandboxBackend(configuration: sandbox)
    let sink = InMemoryEventSink()
    let analytics = CallEventRecorder()
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    overrides.override(.eventSink, with: sink)
    overrides.override(.analytics, with: analytics)
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()], overrides: overrides)
    return CallOutcomeHarness(backend: backend, client: client, sink: sink, analytics: analytics)
  }

  /// The operations of the `CallCompleted` events posted so far, in order.
  var completed: [CallCompleted] { sink.events(of: CallCompleted.self) }
}
