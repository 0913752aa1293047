#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An HTTP request as a value: replayable, so middleware can retry it.
public struct HTTPRequest: Sendable, Equatable {
  /// The method.
  public var method: HTTPMethod
  /// The absolute URL.
  public var url: URL
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body, if any.
  public var body: Data?
  /// How long the transport waits for a response before failing with
  /// ``LoyaltyError/Code/timedOut``; `nil` uses the transport's default.
  public var timeout: TimeInterval?

  /// Creates a request.
  public init(
    method: HTTPMethod,
    url: URL,
    headers: HTTPHeaders = [:],
    body: Data? = nil,
    timeout: TimeInterval? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }
}
