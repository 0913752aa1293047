import LoyaltyCore

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
/// An actor: concurrent requests take exchanges one at a time.
actor ReplayTransport: HTTPTransport {
  private var exchanges: [RecordedExchange]

  /// Loads the recording at `url`.
  init(contentsOf url: URL) throws {
    let decoder = JSONDecoder()
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    exchanges = try lines.map { try decoder.decode(RecordedExchange.self, from: Data($0.utf8)) }
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    if Task.isCancelled {
      throw LoyaltyError(.cancelled, "The request was cancelled.")
    }
    guard let index = exchanges.firstIndex(where: { $0.matches(request) }) else {
      throw LoyaltyError(
        .notConnected,
        "No recorded answer for \(request.method) \(request.url.path).",
        recoverySuggestion: "Record this call against the sandbox first.")
    }
    return exchanges.remove(at: index).response
  }

  /// How many recorded exchanges have not been replayed.
  var remaining: Int { exchanges.count }
}
