#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One answer of the server kept on the device: the response as it arrived, whose user
/// it belongs to, and when the server gave it.
///
/// The response is kept whole (status, headers, body) and decoded again when read, by the
/// same reader that decoded it when it arrived: a cached answer and a live one can never
/// be read two ways.
public struct CachedAnswer: Sendable, Equatable {
  /// What was asked, with everything the answer depends on: the call and its arguments,
  /// the language among them (`coupons?language=en`).
  public var key: String
  /// Whose answer it is: ``MarketCacheOwner/anonymous`` for answers any user may see, else
  /// the signed-in user's partition (``MarketCacheOwner``). Reads name their owner, so one
  /// user's answers are never read for another.
  public var owner: String
  /// The kind of answer (`coupons`, `campaigns`): what its minimum interval is set by.
  public var kind: String
  /// The response's status.
  public var status: Int
  /// The response's headers (its validators, `ETag` and `Last-Modified`, among them).
  public var headers: HTTPHeaders
  /// The response's body, decompressed.
  public var body: Data
  /// When the server answered, on the server's clock: its `Date` header, else the SDK's
  /// estimate of the server's time when the answer arrived.
  public var answeredAt: Date
  /// When the answer was stored (or last confirmed by a `304`), on the device's clock:
  /// what the minimum interval between two calls is measured from.
  public var storedAt: Date

  /// Creates a cached answer.
  public init(
    key: String, owner: String, kind: String, status: Int = 200, headers: HTTPHeaders = [:],
    body: Data, answeredAt: Date, storedAt: Date
  ) {
    self.key = key
    self.owner = owner
    self.kind = kind
    self.status = status
    self.headers = headers
    self.body = body
    self.answeredAt = answeredAt
    self.storedAt = storedAt
  }

  /// The response, as it arrived.
  public var response: HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: body)
  }

  /// The answer's `ETag`, for `If-None-Match`.
  public var entityTag: String? { headers["ETag"] }

  /// The answer's `Last-Modified`, for `If-Modified-Since`.
  public var lastModified: String? { headers["Last-Modified"] }

  /// The answer's headers as name and value pairs, in order: how stores keep them.
  public var encodedHeaders: Data {
    var text = ""
    for field in headers {
      text += field.name + ": " + field.value + "\n"
    }
    return Data(text.utf8)
  }

  /// Headers kept by ``encodedHeaders``; a line without `:` is skipped.
  public static func decodeHeaders(_ data: Data) -> HTTPHeaders {
    var headers = HTTPHeaders()
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      var value = line[line.index(after: colon)...]
      if value.first == " " { value = value.dropFirst() }
      headers.add(name: String(line[..<colon]), value: String(value))
    }
    return headers
  }
}
