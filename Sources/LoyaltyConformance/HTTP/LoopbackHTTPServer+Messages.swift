public import Foundation
import LoyaltyNetwork

extension LoopbackHTTPServer {
  /// A request as the server read it.
  public struct Request: Sendable {
    /// The method, as sent: `GET`, `POST`.
    public let method: String
    /// The request target, as sent: the path and any query, `/api/x?y=1`.
    public let path: String
    /// The header fields, by lowercased name; a repeated field keeps its last value.
    public let headers: [String: String]
    /// The body: as many bytes as the request's `Content-Length` said.
    public let body: Data
  }

  /// An answer to a request, and how to write it.
  public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields, in order. `Content-Length` (unless the behaviour is
    /// ``Behaviour/closeDelimited``) and `Connection: close` are added.
    public var headers: [(String, String)]
    /// The body.
    public var body: Data
    /// How long to wait before answering, in seconds; ends early when the client closes.
    public var delay: TimeInterval
    /// How the answer is written.
    public var behaviour: Behaviour

    /// Creates an answer.
    /// - Parameters:
    ///   - status: The status code; 200 by default.
    ///   - headers: The header fields, in order.
    ///   - body: The body; empty by default.
    ///   - delay: Seconds to wait before answering; none by default.
    ///   - behaviour: How the answer is written; whole by default.
    public init(
      status: Int = 200, headers: [(String, String)] = [], body: Data = Data(),
      delay: TimeInterval = 0, behaviour: Behaviour = .complete
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
      self.behaviour = behaviour
    }
  }

  /// How an answer is written.
  public enum Behaviour: Sendable, Hashable {
    /// The head and the whole body, then a plain close.
    case complete
    /// The head with the body's `Content-Length`, then one body byte every `seconds`,
    /// until the body ends or the client closes the connection.
    case drip(every: TimeInterval)
    /// The head and the first `bodyBytes` bytes of the body, then, a tenth of a second
    /// later, a close with `SO_LINGER` {1, 0}: the client gets a reset (RST).
    case resetAfterHead(bodyBytes: Int)
    /// The head with the body's `Content-Length` and the first half of the body, then a
    /// plain close (FIN).
    case closeHalfWay
    /// The head without `Content-Length` and the whole body, then a plain close: the
    /// body ends with the connection, and the client learns its size only by reading it.
    case closeDelimited
  }
}

extension LoopbackHTTPServer.Response {
  /// A redirect to `location` (a path of this server, or a whole URL). A handler answering
  /// `.redirect(to: request.path)` makes a redirect loop.
  /// - Parameters:
  ///   - location: The `Location` header's value.
  ///   - status: The status code; 302 by default.
  public static func redirect(to location: String, status: Int = 302) -> Self {
    Self(status: status, headers: [("Location", location)])
  }

  /// A JSON body with `Content-Type: application/json`.
  /// - Parameters:
  ///   - status: The status code.
  ///   - text: The JSON text.
  ///   - headers: More header fields, before the content type.
  public static func json(_ status: Int, _ text: String, headers: [(String, String)] = [])
    -> Self
  {
    Self(
      status: status, headers: headers + [("Content-Type", "application/json")],
      body: Data(text.utf8))
  }

  /// `body` gzip-compressed and sent with `Content-Encoding: gzip`: a transport returns
  /// `body` itself.
  /// - Parameters:
  ///   - body: The body before compression.
  ///   - status: The status code; 200 by default.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/requestEncodingFailed`` if zlib fails.
  public static func gzipEncoded(_ body: Data, status: Int = 200) throws -> Self {
    Self(status: status, headers: [("Content-Encoding", "gzip")], body: try Gzip.compress(body))
  }

  /// A gzip file, `Content-Type: application/gzip`, sent without `Content-Encoding`: a
  /// download a transport returns as it came, still compressed.
  /// - Parameter contents: The file's contents before compression.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/requestEncodingFailed`` if zlib fails.
  public static func gzipFile(_ contents: Data) throws -> Self {
    Self(
      status: 200, headers: [("Content-Type", "application/gzip")],
      body: try Gzip.compress(contents))
  }

  /// A small gzip body, sent with `Content-Encoding: gzip`, that inflates to `size` zero
  /// bytes: a 16 MiB bomb is about 16 KiB on the wire. A transport must refuse it once
  /// decompressed beyond its limit.
  /// - Parameter size: The size once inflated, in bytes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/requestEncodingFailed`` if zlib fails.
  public static func gzipBomb(inflatingTo size: Int) throws -> Self {
    try gzipEncoded(Data(count: max(0, size)))
  }
}
