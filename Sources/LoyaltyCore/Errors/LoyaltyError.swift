#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The one error type the SDK throws.
///
/// Every error carries a stable numeric ``Code`` (unique across the SDK, listed in
/// `Docs/Errors.md`), a ``Category``, a human-readable message and, where it helps,
/// a recovery suggestion. Messages and metadata pass through ``SecretMasker`` when
/// the error is created, so an error's description never contains a token, a key,
/// an email address, a card number or a PIN.
///
/// Match errors by code:
///
/// ```swift
/// do {
///   try configuration.validate()
/// } catch let error as LoyaltyError where error.code == .missingAppUUID {
///   // ...
/// }
/// ```
public struct LoyaltyError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
  /// The stable code that identifies what went wrong.
  public let code: Code
  /// A description of what went wrong, free of secrets.
  public let message: String
  /// What a developer or user can do about it, when there is something to do.
  public let recoverySuggestion: String?
  /// Extra facts (an HTTP status, a module name, a SQLite result code), free of secrets.
  public let metadata: [String: String]
  /// A description of the underlying error, masked, when this error wraps another.
  public let underlyingDescription: String?

  /// Creates an error.
  /// - Parameters:
  ///   - code: The stable error code.
  ///   - message: What went wrong. It is masked before it is stored.
  ///   - recoverySuggestion: What can be done about it.
  ///   - metadata: Extra facts; values are masked before they are stored.
  ///   - underlying: The error this one wraps, if any. Only its masked description is kept.
  public init(
    _ code: Code,
    _ message: String,
    recoverySuggestion: String? = nil,
    metadata: [String: String] = [:],
    underlying: (any Error)? = nil
  ) {
    let masker = SecretMasker.standard
    self.code = code
    self.message = masker.mask(message)
    self.recoverySuggestion = recoverySuggestion.map(masker.mask)
    self.metadata = metadata.mapValues(masker.mask)
    self.underlyingDescription = underlying.map { masker.mask(String(describing: $0)) }
  }

  /// Creates an error with facts kept as they are: values the SDK made itself and knows
  /// to hold no secret (an idempotency key, which masking could take for a card number),
  /// merged over the masked `metadata`.
  package init(
    _ code: Code,
    _ message: String,
    recoverySuggestion: String? = nil,
    metadata: [String: String] = [:],
    verbatim: [String: String],
    underlying: (any Error)? = nil
  ) {
    let masked = LoyaltyError(
      code, message, recoverySuggestion: recoverySuggestion, metadata: metadata,
      underlying: underlying)
    self.code = code
    self.message = masked.message
    self.recoverySuggestion = masked.recoverySuggestion
    self.metadata = masked.metadata.merging(verbatim) { _, kept in kept }
    self.underlyingDescription = masked.underlyingDescription
  }

  /// The category of the error's code.
  public var category: Category { code.category }

  /// `[LOY-4003 security.decryptionFailed] message (key=value, ...)`.
  public var description: String {
    var text = "[LOY-\(code.rawValue) \(code.category.rawValue).\(code.name)] \(message)"
    if !metadata.isEmpty {
      text += " (" + metadata.sortedPairs("=", separator: ", ") + ")"
    }
    if let underlyingDescription {
      text += " Caused by: \(underlyingDescription)"
    }
    return text
  }

  public var errorDescription: String? { description }
}

extension LoyaltyError {
  /// The broad area an error belongs to.
  public enum Category: String, Sendable, Codable, CaseIterable {
    /// The configuration is invalid or could not be loaded.
    case configuration
    /// The module graph is incomplete or a module failed.
    case registry
    /// A request could not be sent or its response could not be used.
    case network
    /// The server answered with an error.
    case server
    /// The user's session could not be established or kept.
    case session
    /// Encryption, keys, signatures, JWTs.
    case security
    /// The local database.
    case storage
    /// Events and analytics.
    case events
    /// Push payloads and device registration.
    case push
    /// Decoding domain data.
    case decoding
    /// Anything else.
    case general
    /// Locations, points of interest and geofencing.
    case location
    /// Account and payment flows (PIN, one-time codes, QR payment).
    case flow
    /// The merchant directory (snapshot sync, search).
    case directory
  }
}
