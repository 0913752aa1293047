import Foundation
import LoyaltyCore
import LoyaltyURLSession

// What the guides' blocks take as the host's own: a transport, a token store, a log bridge.
// Each is a real implementation, so a block that runs them runs real code.

/// A host's transport in the guides: URLSession underneath, under a name of the host's.
struct MyTransport: HTTPTransport {
  private let base: URLSessionTransport

  init() {
    base = URLSessionTransport()
  }

  init(requestTimeout: TimeInterval, maxBodySize: Int) {
    base = URLSessionTransport(requestTimeout: requestTimeout, maxBodySize: maxBodySize)
  }

  init(configuration: NetworkConfiguration) {
    base = URLSessionTransport(configuration: configuration)
  }

  init(_ configuration: LoyaltyConfiguration) {
    self.init(configuration: configuration.network)
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await base.send(request)
  }
}

/// A transport that keeps every request it is given and answers each with `{"status":"1"}`.
final class MyRecordingTransport: HTTPTransport {
  private let sent = Locked<[HTTPRequest]>([])

  var requests: [HTTPRequest] { sent.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    sent.withLock { $0.append(request) }
    return HTTPResponse(status: 200, body: Data(#"{"status":"1"}"#.utf8))
  }
}

typealias RecordingTransport = MyRecordingTransport

/// A host's token store: the SDK's in-memory one underneath.
struct MyTokenStore: TokenStore {
  private let base = InMemoryTokenStore()

  func tokens() async throws -> TokenPair? { await base.tokens() }
  func store(_ tokens: TokenPair) async throws { await base.store(tokens) }
  func clear() async throws { await base.clear() }
  func replace(_ expected: TokenPair?, with new: TokenPair?) async throws -> Bool {
    await base.replace(expected, with: new)
  }
}

/// A host's log bridge: keeps the records it is handed.
struct MyLogBridge: LogHandler {
  let records = InMemoryLogHandler()

  func handle(_ record: LogRecord) { records.handle(record) }
}

/// A configuration the sandbox's default backend accepts, for the blocks the tests run.
enum SnippetSandbox {
  static let configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", merchantID: "merchant-1",
    apiKey: "test-key", bundleID: "com.example.app",
    environment: .custom(URL(string: "https://sandbox.invalid") ?? URL(fileURLWithPath: "/")),
    preset: .testing)
}
