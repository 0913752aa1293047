public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Who the sandbox backend is and how strict it is: the app and merchant it serves, the
/// API key requests are signed with, token lifetimes, partner credentials and limits.
///
/// The defaults match nothing secret; give the sandbox the same app UUID, merchant id and
/// API key as the client's ``LoyaltyCore/LoyaltyConfiguration``:
///
/// ```swift
/// let backend = SandboxBackend(
///   configuration: SandboxConfiguration(
///     appUUID: configuration.appUUID, merchantID: configuration.merchantID,
///     apiKey: configuration.apiKey, tokenLifetime: 2))
/// ```
public struct SandboxConfiguration: Sendable {
  /// The app UUID every path must carry.
  public var appUUID: String
  /// The merchant id every request must send as `loyalty-web-id`.
  public var merchantID: String
  /// The API key `loyalty-signature` is computed from (SHA-256 of key + `loyalty-date`).
  public var apiKey: String
  /// How long an access token lives, in seconds (its JWT `exp`).
  public var tokenLifetime: TimeInterval
  /// How long an unused refresh token lives, in seconds.
  public var refreshTokenLifetime: TimeInterval
  /// The Basic credentials partner endpoints require.
  public var partnerUsername: String
  /// The Basic password partner endpoints require.
  public var partnerPassword: String
  /// How far `loyalty-date` may be from the backend's clock, in seconds; `nil` (the
  /// default) does not check, so a client on a test clock is not refused.
  public var maxClockSkew: TimeInterval?
  /// Whether an email login or partner login for an unknown user registers it.
  public var autoRegister: Bool
  /// Whether ticket verification accepts any non-empty ticket, or only those issued by
  /// ``SandboxBackend/issueTicket(guid:)``.
  public var acceptsAnyTicket: Bool
  /// The most events an analytics batch may hold; a larger batch is answered 413.
  public var maxAnalyticsEvents: Int
  /// The most bytes of uncompressed JSON an analytics batch may have; larger is 413.
  public var maxAnalyticsBytes: Int
  /// The most analytics `event_id`s remembered for de-duplication: beyond it the oldest
  /// is forgotten (an event sent again after that is stored again, as new), and counted
  /// in ``SandboxCounters/analyticsIDsForgotten``. 100,000 by default.
  public var maxRememberedEventIDs: Int
  /// The most access tokens, and the most refresh tokens, the backend remembers: beyond
  /// it the oldest issued is forgotten (then refused as unknown; the reuse of a forgotten
  /// refresh token is no longer detected), and counted in
  /// ``SandboxCounters/tokensForgotten``. 10,000 of each by default.
  public var maxIssuedTokens: Int
  /// The most `Idempotency-Key`s the backend remembers with their first answer: beyond it
  /// the oldest is forgotten (a request sent again with it acts again, as new), and
  /// counted in ``SandboxCounters/idempotencyKeysForgotten``. 10,000 by default.
  public var maxIdempotencyKeys: Int
  /// Whether answers are gzip-compressed when the request sends `Accept-Encoding: gzip`.
  public var gzipResponses: Bool
  /// The clock tokens expire on and latency is waited on.
  public var clock: any LoyaltyClock
  /// Where successful answers put their members: inside `context` (the default, the
  /// backend's shape) or at the top level.
  public var envelope: SandboxEnvelope
  /// The optional calls served (points of interest, directory, flows): all by default;
  /// the routes of the others are answered 404.
  public var offers: SandboxOffers = .all
  /// How successful answers hold their list: under its key, siblings kept (the default,
  /// the sandbox's own form), or in one of the forms other backends answer in
  /// (``SandboxListForm``).
  public var listForm: SandboxListForm
  /// How successful answers hold an object (a card, a profile): in the sandbox's own form
  /// (the default), or in one of the forms other backends answer in
  /// (``SandboxObjectForm``).
  public var objectForm: SandboxObjectForm = .own
  /// How a call of ``offers`` this backend does not offer is answered: 404 by default,
  /// as a server without the call answers; ``SandboxFault/emptySuccess`` or
  /// ``SandboxFault/otherCallAnswer`` for a backend that answers every call with a
  /// success. Any other fault is answered as it would be on a route.
  public var unofferedAnswer: SandboxFault = .status(404)

  /// Creates a configuration.
  public init(
    appUUID: String = "0123456789abcdef0123456789abcdef",
    merchantID: String = "sandbox-merchant",
    apiKey: String = "sandbox-api-key",
    tokenLifetime: TimeInterval = 3_600,
    refreshTokenLifetime: TimeInterval = 30 * 86_400,
    partnerUsername: String = "partner",
    partnerPassword: String = "partner-secret",
    maxClockSkew: TimeInterval? = nil,
    autoRegister: Bool = true,
    acceptsAnyTicket: Bool = true,
    maxAnalyticsEvents: Int = 100,
    maxAnalyticsBytes: Int = 475 * 1_024,
    maxRememberedEventIDs: Int = 100_000,
    maxIssuedTokens: Int = 10_000,
    maxIdempotencyKeys: Int = 10_000,
    gzipResponses: Bool = false,
    clock: any LoyaltyClock = SystemClock(),
    envelope: SandboxEnvelope = .context,
    listForm: SandboxListForm = .keyed
  ) {
    self.appUUID = appUUID
    self.merchantID = merchantID
    self.apiKey = apiKey
    self.tokenLifetime = tokenLifetime
    self.refreshTokenLifetime = refreshTokenLifetime
    self.partnerUsername = partnerUsername
    self.partnerPassword = partnerPassword
    self.maxClockSkew = maxClockSkew
    self.autoRegister = autoRegister
    self.acceptsAnyTicket = acceptsAnyTicket
    self.maxAnalyticsEvents = maxAnalyticsEvents
    self.maxAnalyticsBytes = maxAnalyticsBytes
    self.maxRememberedEventIDs = max(1, maxRememberedEventIDs)
    self.maxIssuedTokens = max(1, maxIssuedTokens)
    self.maxIdempotencyKeys = max(1, maxIdempotencyKeys)
    self.gzipResponses = gzipResponses
    self.clock = clock
    self.envelope = envelope
    self.listForm = listForm
  }

  /// A configuration that accepts the requests of a client configured with
  /// `configuration`: the same app UUID, merchant id and API key, answering in `envelope`
  /// and `listForm`.
  public init(
    matching configuration: LoyaltyConfiguration, clock: any LoyaltyClock = SystemClock(),
    envelope: SandboxEnvelope = .context, listForm: SandboxListForm = .keyed
  ) {
    self.init(
      appUUID: configuration.appUUID, merchantID: configuration.merchantID,
      apiKey: configuration.apiKey, clock: clock, envelope: envelope, listForm: listForm)
  }
}
