import Synchronization

/// A client's capabilities: resolves each one lazily, on first use, and caches it.
///
/// Each client has its own `Capabilities`; nothing is shared between clients.
public final class Capabilities: Sendable {
  /// The client's configuration.
  public let configuration: LoyaltyConfiguration

  private let registrations: [AnyCapabilityKey: CapabilityRegistration]
  private let cache = Mutex<[AnyCapabilityKey: any Sendable]>([:])
  /// Serialises creation so each capability's factory runs once. Recursive because a
  /// factory resolves the capabilities it needs on the same thread.
  private let creationLock = CreationLock()
  private let baseMasker: SecretMasker

  init(
    configuration: LoyaltyConfiguration,
    registrations: [AnyCapabilityKey: CapabilityRegistration]
  ) {
    self.configuration = configuration
    self.registrations = registrations
    self.baseMasker = SecretMasker.standard.adding(literals: configuration.secrets)
  }

  /// Whether something provides `key`.
  public func contains<Value>(_ key: CapabilityKey<Value>) -> Bool {
    registrations[key.erased] != nil
  }

  /// Who provides `key`, or `nil` when nothing does.
  public func source<Value>(of key: CapabilityKey<Value>) -> CapabilitySource? {
    registrations[key.erased]?.source
  }

  /// Every registered capability and who provides it, sorted by name.
  public var registered: [(key: AnyCapabilityKey, source: CapabilitySource)] {
    registrations.values.map { (key: $0.key, source: $0.source) }
      .sorted { $0.key.name < $1.key.name }
  }

  /// Resolves `key`, creating the capability on first use.
  /// - Throws: ``LoyaltyError/Code/capabilityUnavailable`` when nothing provides it,
  ///   ``LoyaltyError/Code/capabilityCreationFailed`` when its factory fails.
  public func resolve<Value>(_ key: CapabilityKey<Value>) throws -> Value {
    guard let value = try resolveIfPresent(key) else {
      var message = "No \(key.erased.summary) is registered (\(key.name))."
      if let hint = key.erased.providedBy {
        message += " Add \(hint), or override it."
      }
      throw LoyaltyError(.capabilityUnavailable, message, metadata: ["capability": key.name])
    }
    return value
  }

  /// Resolves `key` if something provides it.
  /// - Returns: The capability, or `nil` when nothing provides it.
  /// - Throws: ``LoyaltyError/Code/capabilityCreationFailed`` when its factory fails.
  public func resolveIfPresent<Value>(_ key: CapabilityKey<Value>) throws -> Value? {
    let erased = key.erased
    guard let registration = registrations[erased] else { return nil }
    if let cached = cache.withLock({ $0[erased] }) {
      return try cast(cached, key)
    }
    let created: any Sendable = try creationLock.create(erased) {
      if let cached = cache.withLock({ $0[erased] }) { return cached }
      let value: any Sendable
      do {
        value = try registration.factory(self)
      } catch let error as LoyaltyError where error.code == .capabilityCreationFailed {
        throw error
      } catch {
        throw LoyaltyError(
          .capabilityCreationFailed,
          "Creating \(erased.summary) (\(erased.name)) from \(registration.source) failed.",
          metadata: ["capability": erased.name], underlying: error)
      }
      cache.withLock { $0[erased] = value }
      return value
    }
    return try cast(created, key)
  }

  /// A logger for `label`, writing to the resolved ``CapabilityKey/logHandler`` at the
  /// configured level, masking the configured secrets.
  public func logger(label: String) -> LoyaltyLogger {
    let handler = (try? resolveIfPresent(.logHandler)) ?? StandardErrorLogHandler()
    return LoyaltyLogger(
      label: label, level: configuration.logging.level, handler: handler, masker: baseMasker)
  }

  private func cast<Value>(_ value: any Sendable, _ key: CapabilityKey<Value>) throws -> Value {
    guard let typed = value as? Value else {
      throw LoyaltyError(
        .internalInconsistency,
        "The capability \(key.name) holds a \(type(of: value)), not a \(Value.self).",
        metadata: ["capability": key.name])
    }
    return typed
  }
}

/// A recursive lock around capability creation that detects a factory resolving
/// itself, directly or through others.
///
/// `RecursiveLock` serialises creation across threads; `inProgress` is only read and
/// written by the thread holding it, which is what makes the unchecked conformance
/// safe.
private final class CreationLock: @unchecked Sendable {
  private let lock = RecursiveLock()
  private var inProgress: [AnyCapabilityKey] = []

  func create(
    _ key: AnyCapabilityKey, _ body: () throws -> any Sendable
  ) throws -> any Sendable {
    lock.lock()
    defer { lock.unlock() }
    if inProgress.contains(key) {
      let chain = (inProgress + [key]).map(\.name).joined(separator: " -> ")
      throw LoyaltyError(
        .capabilityCreationFailed, "Capabilities resolve each other in a cycle: \(chain).",
        metadata: ["capability": key.name])
    }
    inProgress.append(key)
    defer { inProgress.removeLast() }
    return try body()
  }
}
