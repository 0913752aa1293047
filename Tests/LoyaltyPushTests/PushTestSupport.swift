import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyPush

/// Records analytics events.
final class RecordingTracker: AnalyticsTracker {
  private let names = Locked<[String]>([])
  var tracked: [String] { names.withLock { $0 } }

  func track(_ name: String, parameters: [String: String]) async throws -> String {
    names.withLock { $0.append(name) }
    return UUID().uuidString
  }
}

/// A handler object for custom actions.
final class RecordingPushHandler: PushHandler {
  private let received = Locked<[(Int, ApplicationState)]>([])
  var calls: [(Int, ApplicationState)] { received.withLock { $0 } }

  func didReceiveLoyaltyPush(_ payload: PushPayload, whileAppWasIn state: ApplicationState) async {
    received.withLock { $0.append((payload.action, state)) }
  }
}

struct PushHarness {
  let center: PushCenter
  let store: InMemoryKeyValueStore
  let sink = InMemoryEventSink()
  let tracker = RecordingTracker()
  let transport: InMemoryHTTPTransport

  static let configuration: LoyaltyConfiguration = {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.push",
      environment: .custom(URL(string: "https://loyalty.test") ?? URL(fileURLWithPath: "/")),
      preset: .testing)
    // The testing preset does not register at start (seed 000 lines 1140-1150); these
    // tests count that registration.
    configuration.device.registersAtStart = true
    return configuration
  }()

  init(
    store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
    status: @escaping @Sendable () -> Int = { 200 }
  ) {
    self.store = store
    transport = InMemoryHTTPTransport { _ in
      let code = status()
      return HTTPResponse(
        status: code, body: Data(code == 200 ? #"{"status":"1"}"#.utf8 : #"{"status":"0"}"#.utf8))
    }
    let network = NetworkClient(
      configuration: Self.configuration, transport: transport, tokenStore: InMemoryTokenStore(),
      signer: PortableRequestSigner(), clock: SystemClock(),
      device: DeviceIdentity(deviceID: "d-1", platform: "linux", vendor: "linux", osVersion: "6"),
      events: nil, logger: .disabled)
    center = PushCenter(
      network: network, store: store, events: sink, analytics: tracker,
      deviceInfoProvider: SystemDeviceInfoProvider(
        configuration: Self.configuration, store: store, appVersion: "2.1", appBuild: "42"),
      limiter: NotificationLimiter(store: store, clock: SystemClock()))
  }
}
