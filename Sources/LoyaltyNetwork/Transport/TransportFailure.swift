public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Why a transport got no response, in the kinds the ``LoyaltyCore/HTTPTransport``
/// contract tells apart, and the one ``LoyaltyCore/LoyaltyError`` each kind becomes.
///
/// A transport classifies its platform's errors into these kinds and builds the error
/// here, so every transport reports a kind with the same code, message and suggestion:
///
/// ```swift
/// throw TransportFailure.connectionLost.error(host: request.url.host, underlying: error)
/// ```
///
/// A struct rather than an enum, so a kind added later is not a breaking change.
public struct TransportFailure: Sendable, Hashable, CustomStringConvertible {
  private enum Kind: Sendable, Hashable {
    case notConnected, connectionLost, timedOut, cancelled, redirectLoop, other
  }

  private let kind: Kind

  /// Nothing was sent: a refused connection, a failed DNS lookup or TLS handshake, no
  /// network. ``LoyaltyCore/LoyaltyError/Code/notConnected``, retried for every call.
  public static let notConnected = Self(kind: .notConnected)
  /// The connection was lost after the request was written: the server may have acted.
  /// ``LoyaltyCore/LoyaltyError/Code/connectionLost``.
  public static let connectionLost = Self(kind: .connectionLost)
  /// The deadline passed: the server may have acted.
  /// ``LoyaltyCore/LoyaltyError/Code/timedOut``.
  public static let timedOut = Self(kind: .timedOut)
  /// The calling task was cancelled. ``LoyaltyCore/LoyaltyError/Code/cancelled``.
  public static let cancelled = Self(kind: .cancelled)
  /// The server answered with redirects that never end: an answer, so sending again
  /// changes nothing. ``LoyaltyCore/LoyaltyError/Code/invalidResponse``.
  public static let redirectLoop = Self(kind: .redirectLoop)
  /// Anything else: the server may have acted.
  /// ``LoyaltyCore/LoyaltyError/Code/transportFailed``.
  public static let other = Self(kind: .other)

  /// The kind's name: `notConnected`, `connectionLost`, ...
  public var description: String { "\(kind)" }

  /// The error a transport throws for this kind.
  /// - Parameters:
  ///   - host: The request's host, kept as `host` metadata.
  ///   - timeout: For ``timedOut``, the deadline that passed, in seconds, named in the
  ///     message; ignored for the other kinds.
  ///   - underlying: The platform's error, if any.
  public func error(
    host: String?, timeout: TimeInterval? = nil, underlying: (any Error)? = nil
  ) -> LoyaltyError {
    let target = ["host": host ?? ""]
    switch kind {
    case .notConnected:
      return LoyaltyError(
        .notConnected, "The server could not be reached.",
        recoverySuggestion: "Check the connection and the environment's base URL.",
        metadata: target, underlying: underlying)
    case .connectionLost:
      return LoyaltyError(
        .connectionLost, "The connection was lost before the answer was complete.",
        recoverySuggestion: "Check whether the call took effect before sending it again.",
        metadata: target, underlying: underlying)
    case .timedOut:
      let after = timeout.map { " after \(($0 * 10).rounded() / 10) s" } ?? ""
      return LoyaltyError(
        .timedOut, "The request timed out\(after).",
        recoverySuggestion: "Check the connection, or raise network.requestTimeout.",
        metadata: target, underlying: underlying)
    case .cancelled:
      return LoyaltyError(.cancelled, "The request was cancelled.", metadata: target)
    case .redirectLoop:
      return LoyaltyError(
        .invalidResponse, "The server redirected too many times.",
        recoverySuggestion: "Check the environment's base URL.", metadata: target,
        underlying: underlying)
    case .other:
      return LoyaltyError(
        .transportFailed, "The request failed.", metadata: target, underlying: underlying)
    }
  }
}
