/// One client's capabilities: resolves each one lazily, on first use, and caches it
/// until the client shuts down.
///
/// Each client has its own `Capabilities`; nothing is shared between clients. Modules
/// reach it through ``ModuleContext/capabilities`` and in their factories; hosts use the
/// client's accessors (`client.network`, `client.market`, ...) and
/// ``LoyaltyClient/resolve(_:)``.
public final class Capabilities: Sendable {
  /// The client's configuration.
  public let configuration: LoyaltyConfiguration

  /// Immutable after start, so a lookup takes no lock; each slot guards its own value.
  @usableFromInline let slots: [AnyCapabilityKey: any ErasedCapabilitySlot]
  /// Serialises creation so each capability's factory runs once. Recursive because a
  /// factory resolves the capabilities it needs on the same thread.
  private let creationLock = CreationLock()
  private let closed = Locked(false)
  /// The log handler loggers write to once the client has shut down and let its
  /// capabilities go: the one in use then, kept by ``close()``.
  private let lastLogHandler = Locked<(any LogHandler)?>(nil)
  private let baseMasker: SecretMasker
  /// The file every logger also writes to when ``LoggingConfiguration/fileLogging`` is
  /// on, whatever handler is resolved.
  package let fileLogHandler: FileLogHandler?

  init(configuration: LoyaltyConfiguration, registrations: [CapabilityRegistration]) {
    self.configuration = configuration
    var slots: [AnyCapabilityKey: any ErasedCapabilitySlot] = [:]
    for registration in registrations {
      slots[registration.key] = registration.makeSlot()
    }
    self.slots = slots
    self.baseMasker = SecretMasker.standard.adding(literals: configuration.secrets)
    let logging = configuration.logging
    self.fileLogHandler =
      logging.fileLogging
      ? FileLogHandler(
        directory: configuration.logDirectory, maxFileSize: logging.maxFileSize,
        maxFiles: logging.maxFiles, masker: baseMasker)
      : nil
  }

  /// Whether something provides `key`.
  public func contains<Value>(_ key: CapabilityKey<Value>) -> Bool {
    slots[key.erased] != nil
  }

  /// Who provides `key`, or `nil` when nothing does.
  public func source<Value>(of key: CapabilityKey<Value>) -> CapabilitySource? {
    slots[key.erased]?.source
  }

  /// Every registered capability and who provides it, sorted by name.
  public var registered: [(key: AnyCapabilityKey, source: CapabilitySource)] {
    slots.values.map { (key: $0.key, source: $0.source) }.stablySorted { $0.key.name < $1.key.name }
  }

  /// Resolves `key`, creating the capability on first use.
  /// - Throws: ``LoyaltyError/Code/capabilityUnavailable`` when nothing provides it,
  ///   ``LoyaltyError/Code/capabilityCreationFailed`` when its factory fails,
  ///   ``LoyaltyError/Code/clientShutDown`` once the client has shut down.
  @inlinable
  public func resolve<Value>(_ key: CapabilityKey<Value>) throws -> Value {
    guard let value = try resolveIfPresent(key) else {
      throw unavailable(key.erased)
    }
    return value
  }

  /// The error for a key nothing provides, naming what to add.
  @usableFromInline
  func unavailable(_ key: AnyCapabilityKey) -> LoyaltyError {
    var message = "Nothing provides \(key.summary) (\(key.name))."
    if let hint = key.providedBy {
      message += " Add \(hint), or override it."
    }
    return LoyaltyError(
      .capabilityUnavailable, message,
      recoverySuggestion: key.providedBy.map { "Add \($0) to the module list." },
      metadata: ["capability": key.name])
  }

  /// Resolves `key` if something provides it.
  /// - Returns: The capability, or `nil` when nothing provides it.
  /// - Throws: ``LoyaltyError/Code/capabilityCreationFailed`` when its factory fails,
  ///   ``LoyaltyError/Code/clientShutDown`` once the client has shut down.
  ///
  /// Inlinable, so that the lookup of a resolved capability is compiled for the caller's
  /// `Value`: in generic code each read of the slot would look up the metadata of its
  /// value type first.
  @inlinable
  public func resolveIfPresent<Value>(_ key: CapabilityKey<Value>) throws -> Value? {
    guard let erased = slots[key.erased] else { return nil }
    // Safe: a key's equality includes its value type, and the slot stored under a
    // `CapabilityKey<Value>` is always made by that key's registration, a
    // `CapabilitySlot<Value>`.
    let slot = unsafeDowncast(erased, to: CapabilitySlot<Value>.self)
    if let value = slot.cached {
      return value
    }
    return try create(slot)
  }

  /// A logger for `label`, writing to the resolved ``CapabilityKey/logHandler`` at the
  /// configured level, masking the configured secrets.
  public func logger(label: String) -> LoyaltyLogger {
    let handler: any LogHandler
    if let resolved = try? resolveIfPresent(.logHandler) {
      handler = resolved
    } else {
      handler = lastLogHandler.withLock { $0 } ?? StandardErrorLogHandler()
    }
    return LoyaltyLogger(
      label: label, level: configuration.logging.level,
      handler: fileLogHandler.map { MultiplexLogHandler([handler, $0]) } ?? handler,
      masker: baseMasker)
  }

  /// Lets every created capability go; resolving afterwards throws
  /// ``LoyaltyError/Code/clientShutDown``. Called once every module has shut down.
  func close() {
    let handler = try? resolveIfPresent(.logHandler)
    lastLogHandler.withLock { $0 = handler }
    closed.withLock { $0 = true }
    for slot in slots.values {
      slot.release()
    }
  }

  // Not specialised: runs once per capability: one copy for every capability type.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  @usableFromInline
  func create<Value>(_ slot: CapabilitySlot<Value>) throws -> Value {
    try creationLock.create(slot.key) {
      if let cached = slot.cached { return cached }
      guard !closed.withLock({ $0 }) else {
        throw LoyaltyError(
          .clientShutDown,
          "The client has been shut down; \(slot.key.name) is no longer available.",
          metadata: ["capability": slot.key.name])
      }
      let value: Value
      do {
        value = try slot.factory(self)
      } catch let error as LoyaltyError
        where error.code == .capabilityCreationFailed || error.code == .capabilityUnavailable
        || error.code == .clientShutDown
      {
        throw error
      } catch {
        throw LoyaltyError(
          .capabilityCreationFailed,
          "Creating \(slot.key.summary) (\(slot.key.name)) from \(slot.source) failed.",
          metadata: ["capability": slot.key.name], underlying: error)
      }
      return slot.keep(value)
    }
  }
}

/// A recursive lock around capability creation that detects a factory resolving
/// itself, directly or through others.
///
/// `RecursiveLock` serialises creation across threads; `inProgress` is only read and
/// written by the thread holding it, which is what makes the unchecked conformance
/// safe.
// Safe to share: `inProgress` is touched only by the thread holding the recursive lock.
private final class CreationLock: @unchecked Sendable {
  private let lock = RecursiveLock()
  private var inProgress: [AnyCapabilityKey] = []

  // Not specialised: runs once per capability: one copy for every capability type.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func create<Value>(_ key: AnyCapabilityKey, _ body: () throws -> Value) throws -> Value {
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
