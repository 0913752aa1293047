package import LoyaltyCore

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// A call's decoded result with the response it came from: what the market keeps on the
/// device.
package struct Exchanged<Response: Sendable>: Sendable {
  /// The decoded result.
  package let value: Response
  /// The response the result was decoded from: the new one, or for a `304` the cached
  /// one with the `304`'s headers merged in (RFC 9111, 4.3.4).
  package let response: HTTPResponse
  /// Whether the server answered `304 Not Modified` and the cached answer was reused.
  package let isNotModified: Bool
  /// When the server answered, on the server's clock: the answer's `Date`, else the
  /// server clock's estimate when it arrived.
  package let answeredAt: Date
}

extension NetworkClient {
  /// Sends `endpoint` like ``send(_:)`` and returns the response with the result. With a
  /// `cached` response carrying a validator (`ETag`, `Last-Modified`), a `GET` is made
  /// conditional (`If-None-Match`, `If-Modified-Since`) and a `304` decodes `cached`.
  ///
  /// A `POST` is never made conditional: HTTP answers a failed precondition on it with
  /// `412`, not `304` (RFC 9110, 13.1.1).
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  package func exchange<Response>(
    _ endpoint: Endpoint<Response>, revalidating cached: HTTPResponse? = nil
  ) async throws -> Exchanged<Response> {
    var endpoint = endpoint
    let validated = endpoint.method == .get ? cached : nil
    if let validated {
      if let tag = validated.headers["ETag"] {
        endpoint.headers.replaceOrAdd(name: "If-None-Match", value: tag)
      }
      if let modified = validated.headers["Last-Modified"] {
        endpoint.headers.replaceOrAdd(name: "If-Modified-Since", value: modified)
      }
    }
    let run: () async throws -> Exchanged<Response> = { [self] in
      try await passRegistrationGate()
      let response = try await deliver(endpoint, through: chain)
      let answeredAt = answerDate(of: response)
      if response.status == 304, let validated {
        var reused = validated
        for field in response.headers
        where !Self.representationHeaders.contains(field.name.lowercased()) {
          reused.headers.replaceOrAdd(name: field.name, value: field.value)
        }
        return Exchanged(
          value: try Self.decode(reused, for: endpoint), response: reused, isNotModified: true,
          answeredAt: answeredAt)
      }
      return Exchanged(
        value: try Self.decode(response, for: endpoint), response: response,
        isNotModified: false, answeredAt: answeredAt)
    }
    guard let metrics else { return try await run() }
    return try await measured(endpoint.name, by: metrics, run)
  }

  /// Headers of a `304` that describe its own (empty) message, not the stored answer.
  private static let representationHeaders: Set<String> = [
    "content-length", "content-encoding", "transfer-encoding",
  ]

  /// When the server gave `response`, on its clock.
  package func answerDate(of response: HTTPResponse) -> Date {
    response.headers["Date"].flatMap { HTTPDate.parse($0, now: clock.now) } ?? serverClock.now
  }
}
