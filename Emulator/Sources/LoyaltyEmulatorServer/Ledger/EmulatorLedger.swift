public import Foundation
public import LoyaltyCore
public import LoyaltySandbox
import Synchronization

/// What the emulator saw, kept whole for checking a run's invariants afterwards
/// (`scripts/chaos`): every request counted, each one that carried an access token
/// already expired on the server's clock, and the time of every analytics batch and
/// device registration with the app that sent it (its `loyalty-bundle-id`).
///
/// Off unless the emulator starts with `--ledger`: it grows with the run, unlike the
/// console's request log, which keeps the latest requests only. The analytics events the
/// backend stored and the coupons it redeemed come from the backend itself when the
/// ledger is read (``json(backend:)``), each redemption with the `Idempotency-Key` of the
/// request that applied it, and each user's coupon codes.
public final class EmulatorLedger: Sendable {
  /// A request that carried an access token whose `exp` had passed on the server's clock.
  struct ExpiredToken: Sendable {
    let at: Date
    let endpoint: SandboxEndpoint
    let bundle: String?
    let user: String?
    let secondsPast: TimeInterval
  }

  /// An analytics batch or a device registration as it arrived.
  struct PrivacyCall: Sendable {
    let at: Date
    let endpoint: SandboxEndpoint
    let bundle: String?
  }

  private struct Entries: Sendable {
    var requests = 0
    var expiredTokens: [ExpiredToken] = []
    var privacyCalls: [PrivacyCall] = []
  }

  /// The calls whose arrival after a privacy switch turned them off is a breach.
  static let privacyEndpoints: Set<SandboxEndpoint> = [.analytics, .deviceInfo]

  private let entries = Mutex(Entries())

  /// Creates an empty ledger.
  public init() {}

  /// Records a request as it arrives, before the backend answers it or a fault applies.
  /// - Parameters:
  ///   - request: The request.
  ///   - endpoint: The call it is (``LoyaltySandbox/SandboxBackend/endpoint(for:)``).
  ///   - serverNow: The server's clock now, which judges a token's expiry.
  ///   - receivedAt: The wall-clock time of arrival, which journals on this machine share.
  public func received(
    _ request: HTTPRequest, endpoint: SandboxEndpoint, serverNow: Date, receivedAt: Date = Date()
  ) {
    let bundle = request.headers["loyalty-bundle-id"]
    let expired = Self.expiry(of: request).flatMap { claims -> ExpiredToken? in
      guard claims.expiresAt <= serverNow, !endpoint.isAuthentication else { return nil }
      return ExpiredToken(
        at: receivedAt, endpoint: endpoint, bundle: bundle, user: claims.subject,
        secondsPast: serverNow.timeIntervalSince(claims.expiresAt))
    }
    entries.withLock { entries in
      entries.requests += 1
      if let expired { entries.expiredTokens.append(expired) }
      if Self.privacyEndpoints.contains(endpoint) {
        entries.privacyCalls.append(PrivacyCall(at: receivedAt, endpoint: endpoint, bundle: bundle))
      }
    }
  }

  /// The `exp` and `sub` of the request's bearer token, when it is a JWT with an `exp`.
  static func expiry(of request: HTTPRequest) -> (expiresAt: Date, subject: String?)? {
    guard let authorization = request.headers["Authorization"],
      authorization.lowercased().hasPrefix("bearer "),
      let token = try? JSONWebToken(String(authorization.dropFirst("bearer ".count))),
      let expiresAt = token.expiresAt
    else { return nil }
    return (expiresAt, token.subject)
  }

  /// The ledger as `GET /_emulator/api/ledger` answers it (Docs/Sandbox.md, "The
  /// ledger"), with the events and redemptions `backend` holds now.
  func json(backend: SandboxBackend) -> JSONValue {
    let entries = entries.withLock { $0 }
    let counters = backend.counters
    var redeemed: [String: JSONValue] = [:]
    var codes: [String: JSONValue] = [:]
    var emails: [String: JSONValue] = [:]
    var redemptions: [JSONValue] = []
    for user in backend.users {
      let done = user.coupons.filter { $0.redeemedDate != nil }
      redeemed[user.email] = .integer(done.count)
      codes[user.email] = .array(user.coupons.map { .string($0.code) })
      emails[user.id] = .string(user.email)
      for coupon in done {
        redemptions.append(
          .object([
            "user": .string(user.email), "code": .string(coupon.code),
            "key": coupon.redemptionKey.map(JSONValue.string) ?? .null,
          ]))
      }
    }
    let eventIDs = backend.analyticsEvents.compactMap { $0["event_id"]?.stringValue }
    return .object([
      "requests": .integer(entries.requests),
      "expiredTokens": .array(
        entries.expiredTokens.map { expired in
          .object([
            "at": .number(expired.at.timeIntervalSince1970),
            "call": .string(expired.endpoint.rawValue),
            "bundle": expired.bundle.map(JSONValue.string) ?? .null,
            "user": expired.user.map(JSONValue.string) ?? .null,
            "secondsPast": .number(expired.secondsPast),
          ])
        }),
      "privacyCalls": .array(
        entries.privacyCalls.map { call in
          .object([
            "at": .number(call.at.timeIntervalSince1970),
            "call": .string(call.endpoint.rawValue),
            "bundle": call.bundle.map(JSONValue.string) ?? .null,
          ])
        }),
      "events": .object([
        "stored": .array(eventIDs.map(JSONValue.string)),
        "received": .integer(counters.analyticsEventsReceived),
        "duplicates": .integer(counters.analyticsDuplicates),
        "forgotten": .integer(counters.analyticsIDsForgotten),
      ]),
      "redeemed": .object(redeemed),
      "redemptions": .array(redemptions),
      "coupons": .object(codes),
      "users": .object(emails),
      "faultsInjected": .integer(counters.faultsInjected),
    ])
  }
}
