public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Registers the device with the backend: `POST /api/async/info/{appUUID}/` with
/// `{"device_info": {...}}` (standard auth), the ``DeviceInfo`` with the seed's names.
///
/// It keeps a fingerprint of the last info the backend accepted in the key-value store,
/// so ``registerIfNeeded()`` sends only what changed, across launches. Every attempt
/// posts ``DeviceRegistered`` or ``DeviceRegistrationFailed`` and records
/// `custom_success_device_info_loyalty` or `custom_error_device_info_loyalty` when the
/// analytics pipeline is present; a failure keeps the old fingerprint, so the next start
/// or token update tries again. Registrations run one at a time.
///
/// It follows the user's privacy switches (``LoyaltyCore/PrivacyFeatures``), here and
/// nowhere else: with `pushRegistration` off nothing is sent (an explicit call throws
/// ``LoyaltyCore/LoyaltyError/Code/featureDisabled``) and no push token is kept; turning
/// it off forgets the token, turning it back on registers again. With
/// `deviceInformation` off, the model, screen resolution and app version and build are
/// left out of what is sent.
///
/// With ``NetworkModule`` listed, the client registers at start, in the background (see
/// ``LoyaltyCore/DeviceConfiguration/registersAtStart``):
///
/// ```swift
/// let registration = try client.deviceRegistration
/// if case .failed(let error)? = await registration.awaitStartRegistration() {
///   print("will retry on the next start: \(error)")
/// }
/// ```
public actor DeviceRegistration {
  /// The key the push token is kept under.
  public static let deviceTokenKey = "loyalty.push.device-token"
  /// The key the fingerprint of the last info sent successfully is kept under.
  public static let fingerprintKey = "loyalty.device.info-fingerprint"
  /// Where earlier versions kept the whole info; removed after the first registration.
  static let legacySentInfoKey = "loyalty.push.device-info-sent"

  private let network: NetworkClient
  private let store: any KeyValueStore
  private let provider: any DeviceInfoProvider
  private let events: (any EventSink)?
  private var analytics: (any AnalyticsTracker)?
  private let logger: LoyaltyLogger
  private let privacy: PrivacyCenter?

  private var outcome: DeviceRegistrationOutcome?
  private var startTask: Task<Void, Never>?
  /// A registration a privacy change started; ``finish()`` cancels it.
  private var privacyTask: Task<Void, Never>?
  private var busy = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Creates a registration.
  /// - Parameters:
  ///   - network: Sends the call.
  ///   - store: Keeps the push token and the fingerprint.
  ///   - provider: Describes the device.
  ///   - events: Where ``DeviceRegistered`` and ``DeviceRegistrationFailed`` go.
  ///   - analytics: Records each attempt's outcome.
  ///   - logger: Logs failures.
  ///   - privacy: The user's privacy switches; `nil` allows everything.
  public init(
    network: NetworkClient, store: any KeyValueStore, provider: any DeviceInfoProvider,
    events: (any EventSink)?, analytics: (any AnalyticsTracker)?,
    logger: LoyaltyLogger = .disabled, privacy: PrivacyCenter? = nil
  ) {
    self.network = network
    self.store = store
    self.provider = provider
    self.events = events
    self.analytics = analytics
    self.logger = logger
    self.privacy = privacy
  }

  // MARK: Token

  /// Stores the push token and registers the device if its info changed. With push
  /// and device registration off, the token is neither kept nor sent.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/missingDeviceToken`` for an empty token,
  ///   or the registration's error (the token is kept either way, and sent on the next
  ///   start or token update).
  public func updateDeviceToken(_ token: String) async throws {
    guard !token.isEmpty else {
      throw LoyaltyError(.missingDeviceToken, "The device token is empty.")
    }
    await acquire()
    defer { release() }
    // Checked and kept in one turn: a switch turned off meanwhile forgets it after.
    guard await allowed(.pushRegistration) else {
      logger.debug("Push registration is off; the push token is not kept.")
      return
    }
    try await store.set(token, forKey: Self.deviceTokenKey)
    _ = try await performAcquired(force: false, trigger: .tokenUpdate)
  }

  /// The stored push token.
  public func deviceToken() async throws -> String? {
    try await store.value(String.self, forKey: Self.deviceTokenKey)
  }

  // MARK: Registering

  /// The device info as it would be sent now.
  public func currentDeviceInfo() async throws -> DeviceInfo {
    var info = try await provider.deviceInfo(token: try await deviceToken())
    if await !allowed(.deviceInformation) {
      info.model = nil
      info.screenResolution = nil
      info.appVersion = nil
      info.appBuild = nil
    }
    return info
  }

  /// Registers the device only if its info changed since the last successful
  /// registration.
  /// - Returns: Whether it was sent.
  /// - Throws: The call's error; the next attempt sends again.
  @discardableResult
  public func registerIfNeeded() async throws -> Bool {
    try await registerIfNeeded(.explicit)
  }

  /// Registers the device now, changed or not.
  /// - Throws: The call's error; the next attempt sends again.
  public func register() async throws {
    try await perform(force: true, trigger: .explicit)
  }

  /// The outcome of the last attempt (or check) since the client started; `nil` before
  /// the first.
  public var lastOutcome: DeviceRegistrationOutcome? { outcome }

  /// Waits for the registration the client started with, and returns the last outcome:
  /// `nil` when there was none (registration at start is off, or the network module
  /// did not start it) and nothing else registered.
  @discardableResult
  public func awaitStartRegistration() async -> DeviceRegistrationOutcome? {
    await startTask?.value
    return outcome
  }

  @discardableResult
  func registerIfNeeded(_ trigger: DeviceRegistrationTrigger) async throws -> Bool {
    try await perform(force: false, trigger: trigger)
  }

  // MARK: Lifecycle

  /// Records outcomes with `analytics` from now on: the network module hands over the
  /// pipeline once the events module, which starts after it, has started.
  func use(analytics: (any AnalyticsTracker)?) {
    if let analytics {
      self.analytics = analytics
    }
  }

  /// Starts the registration at start, in a task this registration owns: it never
  /// throws, and ``finish()`` cancels and awaits it. When its attempt ends (answered,
  /// failed or cancelled), it opens the network client's gate, which held the client's
  /// other requests back until then.
  func beginAtStart() {
    guard startTask == nil else { return }
    let gate = network.registrationGate
    startTask = Task {
      _ = try? await self.registerIfNeeded(.start)
      gate.open()
    }
  }

  /// Cancels the registration at start, and one a privacy change started, if they are
  /// still running, and waits for them.
  func finish() async {
    for task in [startTask, privacyTask].compactMap(\.self) {
      task.cancel()
      await task.value
    }
  }

  // MARK: Privacy

  /// Applies a change of the user's privacy switches: push registration off forgets the
  /// push token and the fingerprint; push registration back on, or device information
  /// changed while it is on, registers again in the background.
  ///
  /// Turning push registration off waits for a registration already on its way to be
  /// answered (within its call's deadline) instead of cancelling it: a cancelled request
  /// that has left can still reach the server, after the switch returned. One that has
  /// not left yet finds the switch off, and is not sent.
  func apply(_ change: PrivacyChange) async {
    if change.disabled.contains(.pushRegistration) {
      await acquire()
      defer { release() }
      do {
        try await store.removeValue(forKey: Self.deviceTokenKey)
        try await store.removeValue(forKey: Self.fingerprintKey)
        try await store.removeValue(forKey: Self.legacySentInfoKey)
      } catch {
        logger.error("The push token could not be forgotten: \(error)")
      }
      outcome = .disabledByPrivacy
      return
    }
    let informationChanged =
      change.enabled.contains(.deviceInformation) || change.disabled.contains(.deviceInformation)
    guard change.current.contains(.pushRegistration),
      change.enabled.contains(.pushRegistration) || informationChanged
    else { return }
    if change.disabled.contains(.deviceInformation) {
      // A registration on its way with the device's details arrives before this returns.
      await acquire()
      release()
    }
    privacyTask?.cancel()
    privacyTask = Task { _ = try? await self.registerIfNeeded(.privacyChange) }
  }

  private func allowed(_ feature: PrivacyFeatures) async -> Bool {
    guard let privacy else { return true }
    return await privacy.isEnabled(feature)
  }

  // MARK: Sending

  @discardableResult
  private func perform(force: Bool, trigger: DeviceRegistrationTrigger) async throws -> Bool {
    await acquire()
    defer { release() }
    return try await performAcquired(force: force, trigger: trigger)
  }

  /// ``perform(force:trigger:)`` once this registration's turn is taken.
  private func performAcquired(force: Bool, trigger: DeviceRegistrationTrigger) async throws
    -> Bool
  {
    guard await allowed(.pushRegistration) else { return try refused(trigger) }
    let info: DeviceInfo
    let fingerprint: String
    let endpoint: Endpoint<ResponseEnvelope>
    let start = network.clock.monotonicTime
    do {
      info = try await currentDeviceInfo()
      let encoded = try Self.encoded(info)
      fingerprint = PortableSHA256.hexDigest(String(decoding: encoded, as: UTF8.self))
      if !force, try await store.value(String.self, forKey: Self.fingerprintKey) == fingerprint {
        outcome = .unchanged
        return false
      }
      endpoint = try Self.endpoint(encoded)
    } catch {
      await failed(error, trigger: trigger, since: start)
      throw error
    }
    // The switch may have turned off while the info was read: checked again just before
    // the request leaves (a switch turned off after this waits for the answer).
    guard await allowed(.pushRegistration) else { return try refused(trigger) }
    do {
      _ = try await network.sendRegistration(endpoint)
    } catch {
      await failed(error, trigger: trigger, since: start)
      throw error
    }
    do {
      try await store.set(fingerprint, forKey: Self.fingerprintKey)
      try await store.removeValue(forKey: Self.legacySentInfoKey)
    } catch {
      logger.warning(
        "The device was registered but its fingerprint could not be kept; it will be "
          + "registered again: \(error)")
    }
    outcome = .registered(info)
    logger.debug("The device was registered (\(trigger.rawValue)).")
    events?.post(DeviceRegistered(trigger: trigger))
    await network.callRecorder(analytics: analytics).report(
      "device_info", since: start, error: nil)
    return true
  }

  /// Push registration is off: nothing was sent. An explicit call throws.
  private func refused(_ trigger: DeviceRegistrationTrigger) throws -> Bool {
    outcome = .disabledByPrivacy
    guard trigger == .explicit else { return false }
    throw LoyaltyError(
      .featureDisabled,
      "The user turned push and device registration off; the device was not registered.",
      metadata: ["feature": "pushRegistration"])
  }

  private func failed(
    _ error: any Error, trigger: DeviceRegistrationTrigger, since start: TimeInterval
  ) async {
    let loyaltyError =
      error as? LoyaltyError
      ?? LoyaltyError(
        .transportFailed, "The device registration failed.", underlying: error)
    outcome = .failed(loyaltyError)
    if Task.isCancelled || loyaltyError.code == .cancelled {
      logger.debug("The device registration was cancelled; it will run on the next start.")
      return
    }
    logger.warning(
      "The device registration failed (\(trigger.rawValue)); it will be retried on the next "
        + "start or token update: \(loyaltyError)")
    events?.post(DeviceRegistrationFailed(trigger: trigger, error: loyaltyError))
    await network.callRecorder(analytics: analytics).report(
      "device_info", since: start, error: loyaltyError)
  }

  /// Waits until no other registration runs: a check of the fingerprint and the send
  /// that follows it are one step.
  private func acquire() async {
    guard busy else {
      busy = true
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  private func release() {
    if waiters.isEmpty {
      busy = false
    } else {
      waiters.removeFirst().resume()
    }
  }

  // MARK: Wire

  /// The info's JSON with sorted keys: what is sent, and what the fingerprint (its
  /// SHA-256) is taken of.
  static func encoded(_ info: DeviceInfo) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      return try encoder.encode(info)
    } catch {
      throw LoyaltyError(
        .requestEncodingFailed, "The device info could not be encoded.", underlying: error)
    }
  }

  /// `POST /api/async/info/{appUUID}/` `{"device_info": {...}}`, standard auth, from the
  /// info as ``encoded(_:)`` wrote it.
  static func endpoint(_ encoded: Data) throws -> Endpoint<ResponseEnvelope> {
    let fields = try JSONValue(parsing: encoded)
    return Endpoint(
      name: "deviceInfo", method: .post, path: "/api/async/info/{appUUID}/",
      body: .json(["device_info": fields]), isIdempotent: true, check: .envelope)
  }
}
