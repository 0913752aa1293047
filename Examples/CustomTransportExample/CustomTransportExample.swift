import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox

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

/// `swift run example-custom-transport`: a transport written by the host. It records
/// every exchange with the in-process sandbox to a JSON-lines file, then a second client
/// replays the file with the sandbox gone. Both are injected the same way, with an
/// override of `.httpTransport`.
@main
struct CustomTransportExample {
  static func main() async {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-transport-example-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try await run(recording: directory.appendingPathComponent("traffic.jsonl"))
      try? FileManager.default.removeItem(at: directory)
      print("\nexample-custom-transport: done.")
    } catch {
      try? FileManager.default.removeItem(at: directory)
      var message = "example-custom-transport failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static let configuration: LoyaltyConfiguration = {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "example-merchant",
      apiKey: "example-transport-api-key",
      bundleID: "com.example.custom-transport-example",
      // Requests never leave the process: the sandbox, then the recording, answers them.
      environment: .custom(
        URL(string: "https://sandbox.invalid") ?? LoyaltyEnvironment.development.baseURL),
      language: "en",
      preset: .testing)
    // The recording holds the tour alone, not the device registration at start.
    configuration.device.registersAtStart = false
    return configuration
  }()

  static func run(recording file: URL) async throws {
    print("== Recording against the sandbox")
    let recorded = try await record(to: file)
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    let fields = try JSONValue(parsing: Data((lines.first ?? "").utf8))
    let keys = fields.objectValue?.keys.sorted() ?? []
    print(
      "\(file.lastPathComponent): \(lines.count) lines, each with \(keys.joined(separator: ", "))")
    for line in lines {
      let exchange = try JSONDecoder().decode(RecordedExchange.self, from: Data(line.utf8))
      print("  \(exchange.method) \(URL(string: exchange.url)?.path ?? "?") -> \(exchange.status)")
    }

    print("\n== Replaying, with no sandbox")
    let replay = try ReplayTransport(contentsOf: file)
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: replay))
    let replayed = try await tour(client)
    try check(replayed == recorded, "the replay answered differently: \(replayed)")
    print("same answers as the recording; \(await replay.remaining) recorded exchange(s) left")

    // A call that was never recorded has no answer: the transport reports no connection.
    do {
      _ = try await client.network.send(.campaigns(language: "el"))
      throw ExampleFailure("an unrecorded call was answered")
    } catch let error as LoyaltyError where error.code == .notConnected {
      print("an unrecorded call: \(error.message)")
    }
    await client.shutdown()
  }

  /// Runs the tour against a fresh sandbox through a recording transport. The sandbox
  /// lives only in this function.
  static func record(to file: URL) async throws -> TourResult {
    let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
    let recorder = try RecordingTransport(forwardingTo: SandboxTransport(backend), file: file)
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: recorder))
    let result = try await tour(client)
    print("recorded: \(result)")
    await client.shutdown()
    await recorder.close()
    return result
  }

  /// A login, a standard call and an authenticated one.
  static func tour(_ client: LoyaltyClient) async throws -> TourResult {
    let network = try client.network
    try await network.session.loginWithEmail(SandboxFixtures.userEmail(2))
    let campaigns = try await network.send(.campaigns(language: "en"))
    let profile = try await network.send(.profile)
    return TourResult(
      campaigns: campaigns["MAPP_CAMPAIGNING"]?["campaigns"]?.arrayValue?.count ?? 0,
      email: profile["result"]?["email"]?.stringValue ?? "")
  }
}

/// What the tour saw, to compare the recording with the replay.
struct TourResult: Equatable, CustomStringConvertible {
  let campaigns: Int
  let email: String

  var description: String { "\(campaigns) campaigns, profile of \(email)" }
}

extension Endpoint where Response == ResponseEnvelope {
  /// The campaigns, a standard (not authenticated) call.
  static func campaigns(language: String) -> Self {
    Endpoint(
      name: "campaigns", method: .post, path: "/api/mobile/v2/{appUUID}/context/",
      body: .wrapped(
        "campaigns", ["action": "retrieve", "language": .string(language), "filters": [:]]),
      check: .domain("MAPP_CAMPAIGNING"))
  }

  /// The user's profile, an authenticated call.
  static var profile: Self {
    Endpoint(
      name: "profile", method: .post, path: "/oauth/{appUUID}/context", auth: .bearer,
      body: .wrapped("consumer_data", ["action": "handle_user_details", "process": "get"]))
  }
}

/// Stops the example with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: String) throws {
  guard condition else { throw ExampleFailure(message) }
}

/// What went wrong in the example.
struct ExampleFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
