import LoyaltyCore
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A transport that answers from a recording made by ``RecordingTransport``, with no
/// server at all.
///
/// Each request is answered by the first unused exchange with the same method, URL and
/// body, so concurrent requests replay correctly in any order. A request with no
/// recorded answer fails like a missing network: ``LoyaltyError/Code/notConnected``.
final class ReplayTransport: HTTPTransport {
  private let exchanges: Mutex<[RecordedExchange]>

  /// Loads the recording at `url`.
  init(contentsOf url: URL) throws {
    let decoder = JSONDecoder()
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    exchanges = Mutex(
      try lines.map { try decoder.decode(RecordedExchange.self, from: Data($0.utf8)) })
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    if Task.isCancelled {
      throw LoyaltyError(.cancelled, "The request was cancelled.")
    }
    let exchange = exchanges.withLock { exchanges in
      exchanges.firstIndex { $0.matches(request) }.map { exchanges.remove(at: $0) }
    }
    guard let exchange else {
      throw LoyaltyError(
        .notConnected,
        "No recorded answer for \(request.method) \(request.url.path).",
        recoverySuggestion: "Record this call against the sandbox first.")
    }
    return exchange.response
  }

  /// How many recorded exchanges have not been replayed.
  var remaining: Int { exchanges.withLock { $0.count } }
}
