public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Reads one response body as it arrives, within a ``ResponseSizeLimit``, and inflates it
/// when the server sent it gzip-compressed: the rule every transport of the SDK follows.
///
/// - A `Content-Length` over the limit is refused at once, before any byte is read.
/// - The bytes received are counted as they arrive, and refused once past the limit.
/// - A body is inflated only when `Content-Encoding` says gzip **and** its bytes start
///   with the gzip magic (``Gzip/isCompressed(_:)``): a body the platform already
///   inflated, or a gzip file served without that encoding, is returned as it came. It is
///   inflated as it streams, and the decompressed size is held to the same limit, so a
///   gzip bomb is refused without ever being held whole; `Content-Encoding` is removed
///   from an inflated answer's headers.
///
/// ```swift
/// let reader = try ResponseBodyReader(headers: head, limit: limit, host: url.host)
/// for try await chunk in body { try reader.append(chunk) }
/// return try reader.finish(status: 200)
/// ```
///
/// Peak memory is the body itself (at most the limit) plus one chunk and zlib's window.
/// Not thread-safe: one reader per response, fed from one task.
public final class ResponseBodyReader {
  private enum Mode {
    /// `Content-Encoding` says gzip, and too few bytes have come to tell.
    case undecided
    /// The bytes are kept as they come.
    case plain
    /// The bytes are inflated as they come.
    case inflating(GzipStreamDecoder)
  }

  private let limit: ResponseSizeLimit
  private let host: String?
  private var headers: HTTPHeaders
  private var mode: Mode
  private var pending = Data()
  private var body = Data()

  /// The bytes received so far, as they came over the wire.
  public private(set) var receivedBytes = 0

  /// Starts reading a body.
  /// - Parameters:
  ///   - headers: The response's header fields.
  ///   - limit: The most bytes the body may have, as received and once decompressed.
  ///   - host: The server's host, for the error's metadata.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/responseTooLarge`` when `Content-Length`
  ///   is over the limit.
  public init(headers: HTTPHeaders, limit: ResponseSizeLimit, host: String? = nil) throws {
    self.headers = headers
    self.limit = limit
    self.host = host
    let encoded = headers["Content-Encoding"].map { $0.lowercased().contains("gzip") } ?? false
    self.mode = encoded ? .undecided : .plain
    if let declared = headers["Content-Length"].flatMap({ Int($0.trimmed) }) {
      try limit.check(declared, host: host)
      if !encoded { body.reserveCapacity(declared) }
    }
  }

  /// Takes the next bytes of the body.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/responseTooLarge`` once the body, as
  ///   received or decompressed, is over the limit;
  ///   ``LoyaltyCore/LoyaltyError/Code/decompressionFailed`` for a corrupt gzip stream.
  public func append(_ bytes: UnsafeRawBufferPointer) throws {
    guard !bytes.isEmpty else { return }
    receivedBytes += bytes.count
    try limit.check(receivedBytes, host: host)
    switch mode {
    case .plain:
      try keep(bytes)
    case .inflating(let decoder):
      try inflate(bytes, with: decoder)
    case .undecided:
      pending.append(contentsOf: bytes)
      guard pending.count >= 2 else { return }
      try decide()
    }
  }

  /// Takes the next bytes of the body, as a `Data`.
  /// - Throws: As the same method taking a buffer.
  public func append(_ data: Data) throws {
    try data.withUnsafeBytes { try append($0) }
  }

  /// Ends the body and returns the response: its headers (without `Content-Encoding`
  /// when the body was inflated) and its body.
  /// - Parameter status: The response's status code.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/decompressionFailed`` when the gzip stream
  ///   is truncated.
  public func finish(status: Int) throws -> HTTPResponse {
    if case .undecided = mode {
      mode = .plain
      try keep(pending)
      pending = Data()
    }
    if case .inflating(let decoder) = mode {
      try decoder.finish()
      headers.remove(name: "Content-Encoding")
    }
    return HTTPResponse(status: status, headers: headers, body: body)
  }

  /// Chooses, from the first bytes, whether to inflate, and passes on what was held.
  private func decide() throws {
    let held = pending
    pending = Data()
    if Gzip.isCompressed(held) {
      let decoder = try GzipStreamDecoder()
      mode = .inflating(decoder)
      try held.withUnsafeBytes { try inflate($0, with: decoder) }
    } else {
      mode = .plain
      try keep(held)
    }
  }

  private func keep(_ bytes: UnsafeRawBufferPointer) throws {
    try limit.check(body.count + bytes.count, host: host)
    body.append(contentsOf: bytes)
  }

  private func keep(_ data: Data) throws {
    try data.withUnsafeBytes { try keep($0) }
  }

  private func inflate(_ bytes: UnsafeRawBufferPointer, with decoder: GzipStreamDecoder) throws {
    try decoder.feed(bytes) { chunk in try keep(chunk) }
  }
}

extension String {
  fileprivate var trimmed: Substring {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}
