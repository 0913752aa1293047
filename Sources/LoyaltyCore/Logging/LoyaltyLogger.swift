#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The logger every SDK component logs through.
///
/// A logger filters by level first, so a message that is not emitted is never built,
/// then masks the message and its metadata with its ``SecretMasker`` before the
/// ``LogHandler`` sees them.
public struct LoyaltyLogger: Sendable {
  /// The label records carry, usually the product name.
  public let label: String
  /// The most verbose level this logger emits.
  public let level: LogLevel
  /// Where records go.
  public let handler: any LogHandler
  /// What masks secrets in messages and metadata.
  public let masker: SecretMasker

  /// Creates a logger.
  public init(
    label: String,
    level: LogLevel,
    handler: any LogHandler = StandardErrorLogHandler(),
    masker: SecretMasker = .standard
  ) {
    self.label = label
    self.level = level
    self.handler = handler
    self.masker = masker
  }

  /// A logger that emits nothing.
  public static let disabled = LoyaltyLogger(label: "Loyalty", level: .none)

  /// The same logger with another label.
  public func labeled(_ label: String) -> LoyaltyLogger {
    LoyaltyLogger(label: label, level: level, handler: handler, masker: masker)
  }

  /// The same logger, also masking every occurrence of each string in `literals` (such
  /// as a device id); strings shorter than 4 characters are ignored.
  public func addingSecrets(_ literals: [String]) -> LoyaltyLogger {
    LoyaltyLogger(
      label: label, level: level, handler: handler, masker: masker.adding(literals: literals))
  }

  /// Whether a message of `messageLevel` would be emitted.
  public func isEnabled(_ messageLevel: LogLevel) -> Bool { level.allows(messageLevel) }

  /// Logs a message at `messageLevel` if the logger's level allows it.
  public func log(
    _ messageLevel: LogLevel,
    _ message: @autoclosure () -> String,
    metadata: @autoclosure () -> [String: String] = [:],
    file: String = #fileID,
    line: UInt = #line
  ) {
    guard level.allows(messageLevel) else { return }
    let record = LogRecord(
      date: Date(),
      level: messageLevel,
      label: label,
      message: masker.mask(message()),
      metadata: metadata().mapValues(masker.mask),
      file: file,
      line: line
    )
    handler.handle(record)
  }

  /// Logs an error.
  public func error(
    _ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:],
    file: String = #fileID, line: UInt = #line
  ) {
    log(.error, message(), metadata: metadata(), file: file, line: line)
  }

  /// Logs a warning.
  public func warning(
    _ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:],
    file: String = #fileID, line: UInt = #line
  ) {
    log(.warning, message(), metadata: metadata(), file: file, line: line)
  }

  /// Logs an informational message.
  public func info(
    _ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:],
    file: String = #fileID, line: UInt = #line
  ) {
    log(.info, message(), metadata: metadata(), file: file, line: line)
  }

  /// Logs a debugging message.
  public func debug(
    _ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:],
    file: String = #fileID, line: UInt = #line
  ) {
    log(.debug, message(), metadata: metadata(), file: file, line: line)
  }

  /// Logs a verbose message.
  public func verbose(
    _ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:],
    file: String = #fileID, line: UInt = #line
  ) {
    log(.verbose, message(), metadata: metadata(), file: file, line: line)
  }
}
