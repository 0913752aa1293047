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
      return receipt(of: response)
    case 413:
      return .tooLarge
    case 400:
      let envelope = try? ResponseEnvelope(httpStatus: response.status, body: response.body)
      let ids = envelope?["rejected"]?.arrayValue?.compactMap(\.looseString) ?? []
      guard !ids.isEmpty else { return refused(response) }
      return .rejected(ids: ids, message: envelope?.message)
    case let status where LoyaltyError.isTransient(status: status):
      // 408, 429, 5xx: "not now", perhaps with when to come back. Cut to
      // network.maxRetryAfter here; the pipeline cuts it to its own bound too.
      return .retryLater(
        after: RetryPolicy(client.configuration.network).retryAfter(
          response.headers["Retry-After"], now: client.clock.now)?.delay)
    default:
      return refused(response)
    }
  }

  /// A refusal that names no event (a 400 without `rejected`, a 401, a 404...): sending
  /// the batch again may meet it again, but nothing says which events are at fault, so
  /// every one is kept and sent again later (chosen here), and a warning says so.
  private func refused(_ response: HTTPResponse) -> AnalyticsUploadOutcome {
    client.logger.warning(
      "analytics refused the batch with HTTP \(response.status) and named no event; the "
        + "batch is kept and sent again later.")
    return .retryLater(after: nil)
  }

  /// What a 2xx answer says of the batch (chosen here, `Docs/API.md`, "Analytics
  /// ingestion"). The events are deleted only on a receipt: the documented answer (with
  /// `accepted`), a bare success (a `status` of 1 or none, and no other call's list or
  /// object), or no body at all (202, 204). A body that is not JSON (a captive portal's
  /// or a proxy's page), a `status` other than 1, or another call's answer is no
  /// receipt: the batch is kept and sent again later, and a warning says why.
  private func receipt(of response: HTTPResponse) -> AnalyticsUploadOutcome {
    guard !response.body.isEmpty else { return .accepted(duplicates: 0) }
    let reason: String
    do {
      let envelope = try ResponseEnvelope(httpStatus: response.status, body: response.body)
      let duplicates = envelope["duplicates"]?.looseInt ?? 0
      if let status = envelope.status, status != 1 {
        reason = "its status is \(status)"
      } else if envelope["accepted"] != nil {
        return .accepted(duplicates: duplicates)
      } else if let member = Self.otherCallMember(envelope) {
        reason = "it holds `\(member)` and no `accepted`, another call's answer"
      } else {
        return .accepted(duplicates: duplicates)
      }
    } catch {
      reason = "its body is not the server's JSON (a captive portal's or a proxy's page?)"
    }
    client.logger.warning(
      "analytics answered HTTP \(response.status), but \(reason); the batch is kept and "
        + "sent again later.")
    return .retryLater(after: nil)
  }

  /// The first member (in name order) holding a list or an object: a receipt holds
  /// numbers and a message only.
  private static func otherCallMember(_ envelope: ResponseEnvelope) -> String? {
    envelope.fields.keys.stablySorted().first { key in
      envelope[key]?.arrayValue != nil || envelope[key]?.objectValue != nil
    }
  }
}
