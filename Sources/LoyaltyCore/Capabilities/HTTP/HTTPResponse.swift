#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An HTTP response as a value.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code.
  public var status: Int
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body, decompressed if it was sent compressed.
  public var body: Data

  /// Creates a response.
  public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Whether the status is in 200...299.
  public var isSuccess: Bool { (200..<300).contains(status) }
}
