import AsyncHTTPClient
import LoyaltyCore
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The mapping of AsyncHTTPClient's and SwiftNIO's errors to the SDK's kinds: the table in
/// ``AsyncHTTPClientTransport``'s documentation.
extension AsyncHTTPClientTransport {
  /// The kind an error belongs to, before it is made a ``LoyaltyCore/LoyaltyError``.
  enum Failure: Equatable {
    case notConnected, connectionLost, timedOut, cancelled, redirects, tooLarge, other
  }

  /// `error` as a ``LoyaltyCore/LoyaltyError`` of the kind the table gives; a
  /// ``LoyaltyCore/LoyaltyError`` as it is.
  static func map(_ error: any Error, host: String?, timeout: TimeInterval) -> LoyaltyError {
    if let error = error as? LoyaltyError { return error }
    let target = ["host": host ?? ""]
    switch classify(error) {
    case .notConnected:
      return LoyaltyError(
        .notConnected, "The server could not be reached.",
        recoverySuggestion: "Check the connection and the environment's base URL.",
        metadata: target, underlying: error)
    case .connectionLost:
      return LoyaltyError(
        .connectionLost, "The connection was lost before the answer was complete.",
        recoverySuggestion: "Check whether the call took effect before sending it again.",
        metadata: target, underlying: error)
    case .timedOut:
      return timedOut(host: host, after: timeout, underlying: error)
    case .cancelled:
      return cancelled(host: host)
    case .redirects:
      // The server answered, with redirects that never end: sending again changes nothing.
      return LoyaltyError(
        .invalidResponse, "The server redirected too many times.",
        recoverySuggestion: "Check the environment's base URL.", metadata: target,
        underlying: error)
    case .tooLarge:
      return LoyaltyError(
        .responseTooLarge, "The response body is larger than the HTTP client accepts.",
        recoverySuggestion: "Raise the HTTP client's decompression limit, or use a client "
          + "that does not decompress.",
        metadata: target, underlying: error)
    case .other:
      return LoyaltyError(
        .transportFailed, "The request failed.", metadata: target, underlying: error)
    }
  }

  /// The kind of `error`.
  static func classify(_ error: any Error) -> Failure {
    switch error {
    case is CancellationError:
      return .cancelled
    case let error as HTTPClientError:
      return classify(error)
    case is NIOConnectionError:
      // Every address was tried and none connected (or none was found): nothing was sent.
      return .notConnected
    case let error as ChannelError:
      switch error {
      case .connectTimeout: return .notConnected
      case .eof, .ioOnClosedChannel, .outputClosed, .alreadyClosed: return .connectionLost
      default: return .other
      }
    case let error as IOError:
      return classify(errno: error.errnoCode)
    case let error as HTTPParserError:
      // The connection ended inside the body: the server had the request.
      return error == .invalidEOFState ? .connectionLost : .other
    case let error as NIOSSLError:
      if case .handshakeFailed = error { return .notConnected }
      return error == .uncleanShutdown ? .connectionLost : .other
    case is NIOSSLExtraError:
      // Hostname or certificate checks fail during the handshake.
      return .notConnected
    case let error as NIOHTTPDecompression.DecompressionError:
      return error == .limit ? .tooLarge : .other
    default:
      return .other
    }
  }

  private static func classify(_ error: HTTPClientError) -> Failure {
    switch error {
    case .connectTimeout, .tlsHandshakeTimeout, .socksHandshakeTimeout,
      .httpProxyHandshakeTimeout, .getConnectionFromPoolTimeout:
      return .notConnected
    case .remoteConnectionClosed, .uncleanShutdown:
      return .connectionLost
    case .deadlineExceeded, .readTimeout, .writeTimeout:
      return .timedOut
    case .cancelled, .requestStreamCancelled:
      return .cancelled
    case .redirectLimitReached, .redirectCycleDetected:
      return .redirects
    default:
      return .other
    }
  }

  private static func classify(errno code: Int32) -> Failure {
    switch code {
    case ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN, EADDRNOTAVAIL:
      return .notConnected
    case ECONNRESET, EPIPE, ECONNABORTED:
      return .connectionLost
    case ETIMEDOUT:
      return .timedOut
    default:
      return .other
    }
  }

  /// The error of a call that passed its deadline.
  static func timedOut(
    host: String?, after seconds: TimeInterval, underlying: (any Error)? = nil
  ) -> LoyaltyError {
    LoyaltyError(
      .timedOut, "The request timed out after \((seconds * 10).rounded() / 10) s.",
      recoverySuggestion: "Check the connection, or raise network.requestTimeout.",
      metadata: ["host": host ?? ""], underlying: underlying)
  }

  /// The error of a call whose task was cancelled.
  static func cancelled(host: String?) -> LoyaltyError {
    LoyaltyError(.cancelled, "The request was cancelled.", metadata: ["host": host ?? ""])
  }
}
