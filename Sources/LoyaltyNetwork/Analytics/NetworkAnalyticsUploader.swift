public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Uploads analytics batches to `POST /api/async/analytics/{appUUID}/`, gzip-compressed,
/// and maps the answer as `Docs/API.md` describes.
public struct NetworkAnalyticsUploader: AnalyticsUploader {
  private let client: NetworkClient

  /// Creates an uploader that sends through `client`.
  public init(client: NetworkClient) {
    self.client = client
  }

  /// The batch body: `{"events": [payload, ...]}`, built without re-encoding payloads.
  public static func batchBody(_ events: [QueuedEvent]) -> Data {
    var body = Data(#"{"events":["#.utf8)
    for (index, event) in events.enumerated() {
      if index > 0 { body.append(UInt8(ascii: ",")) }
      body.append(event.payload)
    }
    body.append(contentsOf: Array("]}".utf8))
    return body
  }

  public func upload(_ events: [QueuedEvent]) async -> AnalyticsUploadOutcome {
    let response: HTTPResponse
    do {
      let compressed = try Gzip.compress(Self.batchBody(events))
      var endpoint = Endpoint<ResponseEnvelope>(
        name: "analytics", method: .post, path: "/api/async/analytics/{appUUID}/",
        body: .data(compressed, contentType: "application/json"), isIdempotent: true,
        headers: ["Content-Encoding": "gzip"], check: .envelopeIfPresent)
      endpoint.allowsRetries = false
      response = try await client.response(for: endpoint)
    } catch {
      return .retryLater(after: nil)
    }
    switch response.status {
    case 200..<300:
      let envelope = try? ResponseEnvelope(httpStatus: response.status, body: response.body)
      return .accepted(duplicates: envelope?["duplicates"]?.looseInt ?? 0)
    case 413:
      return .tooLarge
    case 400:
      let envelope = try? ResponseEnvelope(httpStatus: response.status, body: response.body)
      let ids = envelope?["rejected"]?.arrayValue?.compactMap(\.looseString) ?? []
      guard !ids.isEmpty else { return .retryLater(after: nil) }
      return .rejected(ids: ids, message: envelope?.message)
    case 429:
      // Cut to network.maxRetryAfter here; the pipeline cuts it to its own bound too.
      return .retryLater(
        after: RetryPolicy(client.configuration.network).retryAfter(
          response.headers["Retry-After"], now: client.clock.now)?.delay)
    default:
      return .retryLater(after: nil)
    }
  }
}
