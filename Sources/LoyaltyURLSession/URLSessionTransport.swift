public import Foundation
public import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The default transport: URLSession (FoundationNetworking on Linux).
///
/// It applies the request's timeout (or the configured request timeout), stops when the
/// calling task is cancelled, and
/// returns a body sent with `Content-Encoding: gzip` decompressed, whether or not the
/// platform did it already. A body that is itself a gzip file (a download served as
/// `application/gzip`, without that encoding) is returned as it came.
///
/// FoundationNetworking on Linux enforces neither timeout on a server that drips its
/// body: the ``LoyaltyNetwork/NetworkClient`` keeps both deadlines itself, cancelling the
/// task. Errors map to "nothing was sent" (``LoyaltyCore/LoyaltyError/Code/notConnected``:
/// a refused connection, a failed DNS lookup or TLS handshake, no network) or "the
/// request may have reached the server" (``LoyaltyCore/LoyaltyError/Code/connectionLost``
/// for a connection lost after sending, ``LoyaltyCore/LoyaltyError/Code/timedOut``,
/// ``LoyaltyCore/LoyaltyError/Code/transportFailed`` for anything else). A redirect loop
/// is an answer: ``LoyaltyCore/LoyaltyError/Code/invalidResponse``, never retried.
///
/// Every body is capped at `maxBodySize` bytes as it arrives, whatever its encoding (and
/// again once decompressed): a larger one stops the transfer and fails with
/// ``LoyaltyCore/LoyaltyError/Code/responseTooLarge``, whose `limit` metadata names the
/// cap.
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let requestTimeout: TimeInterval
  private let limit: ResponseSizeLimit
  private let collector: BodyCollector

  /// The memory an HTTP response cache may use when response caching is on: 4 MiB
  /// (chosen here); never any disk.
  public static let responseCacheMemory = 4 * 1_024 * 1_024

  /// Creates a transport.
  /// - Parameters:
  ///   - requestTimeout: The timeout for requests that do not set their own.
  ///   - resourceTimeout: The longest a whole transfer may take.
  ///   - maxBodySize: The largest body accepted, in bytes, as received and once
  ///     decompressed; 10 MiB by default.
  ///   - allowsCellularAccess: Whether requests may use a cellular network; ignored where
  ///     the platform has no such notion (Linux). On by default.
  ///   - responseCaching: Whether answers the server's `Cache-Control` allows are kept in
  ///     an in-memory HTTP cache (at most ``responseCacheMemory``, never on disk) and
  ///     served from it; ignored where URLSession does not cache. Off by default.
  public init(
    requestTimeout: TimeInterval = 30,
    resourceTimeout: TimeInterval = 60,
    maxBodySize: Int = NetworkConfiguration.defaultMaxResponseBytes,
    allowsCellularAccess: Bool = true,
    responseCaching: Bool = false
  ) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = requestTimeout
    configuration.timeoutIntervalForResource = resourceTimeout
    configuration.allowsCellularAccess = allowsCellularAccess
    if responseCaching {
      configuration.requestCachePolicy = .useProtocolCachePolicy
      configuration.urlCache = URLCache(
        memoryCapacity: Self.responseCacheMemory, diskCapacity: 0, diskPath: nil)
    } else {
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      configuration.urlCache = nil
    }
    configuration.httpCookieStorage = nil
    let limit = ResponseSizeLimit(bytes: maxBodySize)
    let collector = BodyCollector(limit: limit) { error, url in Self.map(error, url: url) }
    self.session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    self.requestTimeout = requestTimeout
    self.limit = limit
    self.collector = collector
  }

  /// Creates a transport with the timeouts, the response size limit, the cellular access
  /// and the response caching of `configuration`.
  public convenience init(configuration: NetworkConfiguration) {
    self.init(
      requestTimeout: configuration.requestTimeout,
      resourceTimeout: configuration.resourceTimeout,
      maxBodySize: configuration.maxResponseBytes,
      allowsCellularAccess: configuration.allowsCellularAccess,
      responseCaching: configuration.responseCaching)
  }

  /// The session's settings as this transport made them: its timeouts, cellular access,
  /// cache policy and cache.
  var sessionConfiguration: URLSessionConfiguration { session.configuration }

  deinit {
    session.finishTasksAndInvalidate()
  }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try Task.checkCancellation()
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    // FoundationNetworking truncates timeouts to whole seconds; below one second it would
    // time out at once.
    urlRequest.timeoutInterval = max(1, request.timeout ?? requestTimeout)
    for field in request.headers {
      urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
    }
    urlRequest.httpBody = request.body

    let box = TaskBox()
    let (data, response): (Data, URLResponse) = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Without a completion handler the delegate gathers the body, chunk by chunk.
        let task = session.dataTask(with: urlRequest)
        collector.register(task, url: request.url, continuation: continuation)
        box.start(task)
      }
    } onCancel: {
      box.cancel()
    }

    guard let http = response as? HTTPURLResponse else {
      throw LoyaltyError(.invalidResponse, "The response is not an HTTP response.")
    }
    var headers = HTTPHeaders()
    for (name, value) in http.allHeaderFields {
      headers.add(name: String(describing: name), value: String(describing: value))
    }
    // The collector capped the body as received; the reader inflates it, within the
    // same limit, when the server sent it gzip-compressed.
    let reader = try ResponseBodyReader(headers: headers, limit: limit, host: request.url.host)
    try reader.append(data)
    return try reader.finish(status: http.statusCode)
  }

  private static func map(_ error: any Error, url: URL) -> LoyaltyError {
    guard let urlError = error as? URLError else {
      return TransportFailure.other.error(host: url.host, underlying: error)
    }
    return failure(of: urlError.code).error(host: url.host, underlying: urlError)
  }

  /// The kind of a `URLError`: the table in the type's documentation.
  private static func failure(of code: URLError.Code) -> TransportFailure {
    switch code {
    case .cancelled:
      return .cancelled
    case .timedOut:
      return .timedOut
    case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed,
      .secureConnectionFailed:
      // Nothing was sent: no connection, or no secure one, was ever made.
      return .notConnected
    case .networkConnectionLost:
      // A reset or close after the request was written: the server may have acted on it.
      return .connectionLost
    case .httpTooManyRedirects:
      return .redirectLoop
    default:
      return .other
    }
  }
}
