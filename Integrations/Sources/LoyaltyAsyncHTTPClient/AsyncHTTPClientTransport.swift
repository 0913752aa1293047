public import AsyncHTTPClient
public import LoyaltyCore
import LoyaltyNetwork
import NIOCore
import NIOHTTP1

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A transport on AsyncHTTPClient, for server hosts: one ``HTTPClient`` (and its
/// connection pools) shared by every SDK client of the process, bodies streamed and
/// capped as they arrive, and every call ended by its deadline, body included.
///
/// ```swift
/// let client = try await LoyaltyClient.start(
///   configuration, modules: [NetworkModule(transport: .asyncHTTPClient())])
/// ```
///
/// **The client.** By default, ``sharedClient``: one per process, on the event loops of
/// `HTTPClient.shared`, with AsyncHTTPClient's own decompression off (so the size limit is
/// the SDK's), redirects followed up to 10 times without cycles, and a failed connection
/// reported at once (the SDK's retry policy decides whether to try again). A host may pass
/// its own client instead; the transport never shuts down a client. A client that
/// decompresses itself (`HTTPClient.shared` does, up to 25 times the compressed size) hands
/// over bodies already inflated: they are counted against the limit as they come, and its
/// own decompression limit ends a call in ``LoyaltyCore/LoyaltyError/Code/responseTooLarge``.
///
/// **The body** is streamed and never held beyond the limit,
/// ``LoyaltyCore/NetworkConfiguration/maxResponseBytes``: a `Content-Length` over it is
/// refused before the body is read; the bytes are counted as they arrive; a body sent
/// with `Content-Encoding: gzip` whose bytes start with the gzip magic is inflated as it
/// streams, and its decompressed size held to the same limit, so a gzip bomb ends in
/// ``LoyaltyCore/LoyaltyError/Code/responseTooLarge`` with at most the limit in memory
/// (see ``LoyaltyNetwork/ResponseBodyReader``). `Content-Encoding` is removed from an
/// inflated answer; a gzip file served without that encoding is returned as it came.
///
/// **The deadline.** The request's ``LoyaltyCore/HTTPRequest/timeout`` (or the configured
/// request timeout) bounds the whole call, body included. AsyncHTTPClient's own deadline
/// ends only the wait for the response head, so the transport ends the body itself; a
/// server that drips its body ends in ``LoyaltyCore/LoyaltyError/Code/timedOut`` on time.
/// Cancelling the calling task stops the call at once. So ``keepsDeadlines`` is `true`.
///
/// **Errors** keep "nothing was sent" apart from "the request may have reached the
/// server", as ``LoyaltyCore/HTTPTransport`` asks:
///
/// | What happened | Code |
/// | --- | --- |
/// | connection refused, DNS failure, connect timeout, TLS handshake failure, no connection from the pool | ``LoyaltyCore/LoyaltyError/Code/notConnected`` (nothing was sent) |
/// | connection closed or reset after the request was written, truncated body | ``LoyaltyCore/LoyaltyError/Code/connectionLost`` |
/// | deadline exceeded, read or write timeout | ``LoyaltyCore/LoyaltyError/Code/timedOut`` |
/// | the calling task cancelled | ``LoyaltyCore/LoyaltyError/Code/cancelled`` |
/// | too many redirects, a redirect cycle | ``LoyaltyCore/LoyaltyError/Code/invalidResponse`` (an answer: never retried) |
/// | body over the limit, as sent or inflated | ``LoyaltyCore/LoyaltyError/Code/responseTooLarge`` |
/// | corrupt or truncated gzip body | ``LoyaltyCore/LoyaltyError/Code/decompressionFailed`` |
/// | anything else | ``LoyaltyCore/LoyaltyError/Code/transportFailed`` |
///
/// Every HTTP status, 4xx and 5xx included, is returned as a response.
public final class AsyncHTTPClientTransport: HTTPTransport {
  /// The client every transport of the process uses unless given another: created on
  /// first use, on `HTTPClient.defaultEventLoopGroup`, and never shut down (like
  /// `HTTPClient.shared`).
  ///
  /// Its decompression is off, so bodies reach the SDK's limit as sent; it follows up to
  /// 10 redirects without cycles, gives up a connection after 10 s (the request's
  /// deadline may end the wait sooner), and fails a request at once when its connection
  /// cannot be made, so a refused port answers
  /// ``LoyaltyCore/LoyaltyError/Code/notConnected`` without waiting.
  public static let sharedClient: HTTPClient = {
    var configuration = HTTPClient.Configuration()
    configuration.redirectConfiguration = .follow(max: 10, allowCycles: false)
    configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10))
    configuration.decompression = .disabled
    configuration.connectionPool.retryConnectionEstablishment = false
    return HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
  }()

  /// How long after the deadline the transport's own timer ends a call, so that
  /// AsyncHTTPClient's answer for a call still waiting for its head (a connection that
  /// could not be made, say) is the one given.
  static let timerGrace: TimeInterval = 0.2

  private let client: HTTPClient
  private let requestTimeout: TimeInterval
  private let limit: ResponseSizeLimit

  /// Creates a transport.
  /// - Parameters:
  ///   - client: The client to send with; ``sharedClient`` by default. The transport
  ///     never shuts it down.
  ///   - requestTimeout: The deadline of a request that sets none, in seconds: the whole
  ///     call, body included.
  ///   - maxResponseBytes: The largest body accepted, in bytes, as received and once
  ///     decompressed; 10 MiB by default.
  public init(
    client: HTTPClient = AsyncHTTPClientTransport.sharedClient,
    requestTimeout: TimeInterval = 30,
    maxResponseBytes: Int = NetworkConfiguration.defaultMaxResponseBytes
  ) {
    self.client = client
    self.requestTimeout = requestTimeout
    self.limit = ResponseSizeLimit(bytes: maxResponseBytes)
  }

  /// Creates a transport with the request timeout and the response size limit of
  /// `configuration`.
  /// - Parameters:
  ///   - client: The client to send with; ``sharedClient`` by default. The transport
  ///     never shuts it down.
  ///   - configuration: The client's network configuration.
  public convenience init(
    client: HTTPClient = AsyncHTTPClientTransport.sharedClient,
    configuration: NetworkConfiguration
  ) {
    self.init(
      client: client, requestTimeout: configuration.requestTimeout,
      maxResponseBytes: configuration.maxResponseBytes)
  }

  /// `true`: every call ends by its request's deadline, body included, and stops at once
  /// when the calling task is cancelled.
  public var keepsDeadlines: Bool { true }

  /// Sends `request` and returns the response, its body read whole within the limit.
  /// - Throws: A ``LoyaltyCore/LoyaltyError`` as the type's table says.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let host = request.url.host
    guard !Task.isCancelled else { throw Self.cancelled(host: host) }
    let timeout = max(0, request.timeout ?? requestTimeout)
    let outgoing = try Self.makeRequest(request)
    let deadline = NIODeadline.now() + .nanoseconds(Int64(min(timeout, 86_400) * 1e9))
    let limit = limit
    let client = client
    do {
      return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
        group.addTask {
          try await Self.exchange(
            outgoing, client: client, deadline: deadline, limit: limit, host: host)
        }
        group.addTask {
          try await Task.sleep(for: .seconds(timeout + Self.timerGrace))
          throw Self.timedOut(host: host, after: timeout)
        }
        defer { group.cancelAll() }
        guard let response = try await group.next() else {
          throw Self.cancelled(host: host)
        }
        return response
      }
    } catch {
      // A call whose task was cancelled ends as cancelled, whatever stopped it.
      if Task.isCancelled { throw Self.cancelled(host: host) }
      throw Self.map(error, host: host, timeout: timeout)
    }
  }

  /// Sends the request and reads its body within the limit.
  private static func exchange(
    _ request: HTTPClientRequest, client: HTTPClient, deadline: NIODeadline,
    limit: ResponseSizeLimit, host: String?
  ) async throws -> HTTPResponse {
    let response = try await client.execute(request, deadline: deadline)
    var headers = LoyaltyCore.HTTPHeaders()
    for field in response.headers {
      headers.add(name: field.name, value: field.value)
    }
    let reader = try ResponseBodyReader(headers: headers, limit: limit, host: host)
    for try await chunk in response.body {
      try chunk.withUnsafeReadableBytes { try reader.append($0) }
    }
    return try reader.finish(status: Int(response.status.code))
  }

  /// The request as AsyncHTTPClient takes it.
  private static func makeRequest(_ request: HTTPRequest) throws -> HTTPClientRequest {
    var outgoing = HTTPClientRequest(url: request.url.absoluteString)
    outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
    for field in request.headers {
      outgoing.headers.add(name: field.name, value: field.value)
    }
    if let body = request.body {
      outgoing.body = .bytes(ByteBuffer(bytes: body))
    }
    return outgoing
  }
}
