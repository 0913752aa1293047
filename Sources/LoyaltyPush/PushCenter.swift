public import LoyaltyCore
public import LoyaltyNetwork

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The push product's API: the host forwards what its platform delivers, the SDK
/// recognises its own notifications, routes them, records their analytics, keeps one
/// pending while the app starts, and registers the device.
///
/// ```swift
/// let push = try client.push
/// switch try await push.handleNotification(userInfo, state: .background) {
/// case .notLoyalty: break  // the host's own, or another SDK's
/// case .showCampaign(let url, let confirm): open(url, askFirst: confirm)
/// default: break
/// }
/// ```
public actor PushCenter {
  /// The key the pending notification is kept under.
  public static let pendingKey = "loyalty.push.pending"
  /// The key the device token is kept under: ``LoyaltyNetwork/DeviceRegistration``'s.
  public static let deviceTokenKey = DeviceRegistration.deviceTokenKey

  /// Decides whether local offer notifications may be shown.
  public nonisolated let limiter: NotificationLimiter

  private let network: NetworkClient
  private let store: any KeyValueStore
  private let events: (any EventSink)?
  private let analytics: (any AnalyticsTracker)?
  private let registration: DeviceRegistration
  private let logger: LoyaltyLogger
  private weak var handler: (any PushHandler)?
  private var handlerClosure: (@Sendable (PushPayload, ApplicationState) async -> Void)?
  private var badge = 0

  /// Creates a push center that registers the device through `registration`, the
  /// network module's (``LoyaltyNetwork/NetworkModule`` provides one per client).
  public init(
    network: NetworkClient,
    store: any KeyValueStore,
    events: (any EventSink)?,
    analytics: (any AnalyticsTracker)?,
    registration: DeviceRegistration,
    limiter: NotificationLimiter,
    logger: LoyaltyLogger = .disabled
  ) {
    self.network = network
    self.store = store
    self.events = events
    self.analytics = analytics
    self.registration = registration
    self.limiter = limiter
    self.logger = logger
  }

  /// Creates a push center with a device registration of its own, describing the device
  /// with `deviceInfoProvider`.
  public init(
    network: NetworkClient,
    store: any KeyValueStore,
    events: (any EventSink)?,
    analytics: (any AnalyticsTracker)?,
    deviceInfoProvider: any DeviceInfoProvider,
    limiter: NotificationLimiter,
    logger: LoyaltyLogger = .disabled
  ) {
    self.init(
      network: network, store: store, events: events, analytics: analytics,
      registration: DeviceRegistration(
        network: network, store: store, provider: deviceInfoProvider, events: events,
        analytics: analytics, logger: logger),
      limiter: limiter, logger: logger)
  }

  // MARK: Handlers

  /// Sets the handler for custom actions; it is held weakly.
  public func setHandler(_ handler: (any PushHandler)?) {
    self.handler = handler
    handlerClosure = nil
  }

  /// Sets a closure for custom actions, instead of a handler object.
  public func setHandler(
    _ closure: @escaping @Sendable (PushPayload, ApplicationState) async -> Void
  ) {
    handler = nil
    handlerClosure = closure
  }

  // MARK: Detection and routing

  /// Whether `userInfo` is a loyalty notification (it carries `_a`).
  public nonisolated func isLoyaltyNotification(_ userInfo: [AnyHashable: Any]) -> Bool {
    userInfo.keys.contains { ($0.base as? String) == "_a" }
  }

  /// Handles a notification dictionary as the platform delivered it.
  /// - Returns: What was done; ``PushRoute/notLoyalty`` for other payloads, untouched.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPushPayload`` for a malformed
  ///   loyalty payload.
  public nonisolated func handleNotification(
    _ userInfo: [AnyHashable: Any], state: ApplicationState
  ) async throws -> PushRoute {
    guard let payload = try PushPayload.parse(userInfo) else { return .notLoyalty }
    return await handle(payload, state: state)
  }

  /// Handles a notification delivered as JSON.
  public nonisolated func handleNotification(json: Data, state: ApplicationState) async throws
    -> PushRoute
  {
    guard let payload = try PushPayload.parse(json) else { return .notLoyalty }
    return await handle(payload, state: state)
  }

  /// Handles a parsed loyalty payload.
  ///
  /// It records `NB_PushReceived` and posts ``PushReceived``. In the closed state the
  /// payload is kept as pending. Otherwise action 0 posts ``ShowCampaignRequested``
  /// (asking for confirmation in the active state) and any other action goes to the
  /// push handler. Opening a notification from the background counts as engagement:
  /// `NB_PushAck` and ``PushEngaged``.
  public func handle(_ payload: PushPayload, state: ApplicationState) async -> PushRoute {
    await track("NB_PushReceived", payload)
    events?.post(PushReceived(payload: payload, state: state))
    if let count = payload.aps?.badge {
      setBadge(count)
    }
    if state == .closed {
      do {
        try await store.set(payload, forKey: Self.pendingKey)
        return .pending
      } catch {
        logger.error("The pending notification could not be kept: \(error)")
      }
    }
    return await route(payload, state: state == .closed ? .background : state)
  }

  /// Handles the notification kept while the app was closed, if there is one.
  /// - Returns: Whether there was one.
  @discardableResult
  public func handlePendingNotification() async -> Bool {
    guard let payload = try? await store.value(PushPayload.self, forKey: Self.pendingKey) else {
      return false
    }
    try? await store.removeValue(forKey: Self.pendingKey)
    _ = await route(payload, state: .background)
    return true
  }

  /// Records that the user engaged with `payload` (confirmed its campaign, say).
  public func userDidEngage(with payload: PushPayload) async {
    await track("NB_PushAck", payload)
    events?.post(PushEngaged(payload: payload))
  }

  /// The campaign page for a session: `{baseURL}/api/session/{sessionUUID}`.
  public nonisolated func campaignURL(sessionUUID: String) -> URL {
    network.campaignSessionURL(sessionUUID: sessionUUID)
  }

  /// Asks the host to show the campaign of `sessionUUID` (posts ``ShowCampaignRequested``).
  @discardableResult
  public func showPushCampaign(sessionUUID: String, requiresConfirmation: Bool = false) -> URL {
    let url = campaignURL(sessionUUID: sessionUUID)
    events?.post(
      ShowCampaignRequested(
        url: url, sessionUUID: sessionUUID, requiresConfirmation: requiresConfirmation))
    return url
  }

  private func route(_ payload: PushPayload, state: ApplicationState) async -> PushRoute {
    if state == .background {
      await userDidEngage(with: payload)
    }
    guard payload.isDefaultAction else {
      if let handler {
        await handler.didReceiveLoyaltyPush(payload, whileAppWasIn: state)
        return .forwarded(action: payload.action)
      }
      if let handlerClosure {
        await handlerClosure(payload, state)
        return .forwarded(action: payload.action)
      }
      logger.info("A push with action \(payload.action) arrived and no push handler is set.")
      return .unhandled(action: payload.action)
    }
    guard let session = payload.sessionUUID, !session.isEmpty else {
      logger.warning("A campaign push without a session_uuid was ignored.")
      return .unhandled(action: payload.action)
    }
    let confirm = state == .active
    return .showCampaign(
      showPushCampaign(sessionUUID: session, requiresConfirmation: confirm),
      requiresConfirmation: confirm)
  }

  private func track(_ name: String, _ payload: PushPayload) async {
    var parameters = ["action": String(payload.action)]
    parameters["session_uuid"] = payload.sessionUUID
    _ = try? await analytics?.track(name, parameters: parameters)
  }

  // MARK: Badge

  /// The badge count.
  public var badgeCount: Int { badge }

  /// Sets the badge count and posts ``BadgeChanged``.
  public func setBadge(_ count: Int) {
    badge = max(0, count)
    events?.post(BadgeChanged(count: badge))
  }

  /// Resets the badge to 0 and posts ``BadgeChanged``.
  public func resetBadge() {
    setBadge(0)
  }

  // MARK: Device registration

  /// The device registration this push center uses.
  public nonisolated var deviceRegistration: DeviceRegistration { registration }

  /// Stores the push token and sends the device info if it changed, recording the
  /// outcome as `update_device_token` (and the registration's as `device_info`). With push
  /// registration off (``LoyaltyCore/PrivacyFeatures/pushRegistration``) the token is
  /// neither kept nor sent, and the call returns without an error.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/missingDeviceToken`` for an empty token, or
  ///   the registration call's error (the token is kept either way, and sent on the next
  ///   start or token update).
  public func updateDeviceToken(_ token: String) async throws {
    try await network.callRecorder(analytics: analytics).record("update_device_token") {
      try await registration.updateDeviceToken(token)
    }
  }

  /// The stored push token.
  public func deviceToken() async throws -> String? {
    try await registration.deviceToken()
  }

  /// The device info as it would be sent now.
  public func currentDeviceInfo() async throws -> DeviceInfo {
    try await registration.currentDeviceInfo()
  }

  /// Sends the device info only if it changed since the last successful send.
  /// - Returns: Whether it was sent.
  @discardableResult
  public func sendDeviceInfoIfNeeded() async throws -> Bool {
    try await registration.registerIfNeeded()
  }

  /// Sends the device info now, changed or not.
  public func sendDeviceInfo() async throws {
    try await registration.register()
  }
}
