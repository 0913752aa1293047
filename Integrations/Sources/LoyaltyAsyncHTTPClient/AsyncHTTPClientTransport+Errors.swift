import AsyncHTTPClient
import LoyaltyCore
import LoyaltyNetwork
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
  /// `error` as a ``LoyaltyCore/LoyaltyError`` of the kind the table gives; a
  /// ``LoyaltyCore/LoyaltyError`` as it is.
  static func map(_ error: any Error, host: String?, timeout: TimeInterval) -> LoyaltyError {
    if let error = error as? LoyaltyError { return error }
    if let error = error as? NIOHTTPDecompression.DecompressionError, error == .limit {
      // A host's client that decompresses itself refused the body at its own limit.
      return LoyaltyError(
        .responseTooLarge, "The response body is larger than the HTTP client accepts.",
        recoverySuggestion: "Raise the HTTP client's decompression limit, or use a client "
          + "that does not decompress.",
        metadata: ["host": host ?? ""], underlying: error)
    }
    return classify(error).error(host: host, timeout: timeout, underlying: error)
  }

  /// The kind of `error`.
  static func classify(_ error: any Error) -> TransportFailure {
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
    default:
      return .other
    }
  }

  private static func classify(_ error: HTTPClientError) -> TransportFailure {
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
      return .redirectLoop
    default:
      return .other
    }
  }

  private static func classify(errno code: Int32) -> TransportFailure {
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
    TransportFailure.timedOut.error(host: host, timeout: seconds, underlying: underlying)
  }

  /// The error of a call whose task was cancelled.
  static func cancelled(host: String?) -> LoyaltyError {
    TransportFailure.cancelled.error(host: host)
  }
}
