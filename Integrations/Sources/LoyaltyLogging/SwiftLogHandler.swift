public import Logging
public import LoyaltyCore

/// Forwards the SDK's log records to a swift-log `Logger`.
///
/// Install it as the client's log handler:
///
/// ```swift
/// var overrides = CapabilityOverrides()
/// overrides.override(.logHandler, with: SwiftLogHandler(logger: Logger(label: "loyalty")))
/// configuration.logging.level = SwiftLogHandler.level(for: logger)
/// ```
///
/// Every record arrives already masked: no token, key or password reaches the `Logger`.
/// Two filters apply: the SDK's `logging.level` decides which records are made, the
/// `Logger`'s `logLevel` which of them its backend writes.
/// ``level(for:)`` sets the first from the second, so the SDK makes no record the backend
/// would drop.
///
/// | SDK level | swift-log level |
/// |---|---|
/// | `error` | `.error` |
/// | `warning` | `.warning` |
/// | `info` | `.info` |
/// | `debug` | `.debug` |
/// | `verbose` | `.trace` |
///
/// The record's label (`LoyaltyNetwork`) is the message's `source`. Its metadata become
/// string metadata values, and its file and line are passed on. swift-log backends stamp
/// their own time, so the record's `date` is not forwarded.
public struct SwiftLogHandler: LoyaltyCore.LogHandler {
  /// The logger every record goes to.
  public let logger: Logger

  /// A handler forwarding to `logger`.
  public init(logger: Logger) {
    self.logger = logger
  }

  /// A handler forwarding to a new `Logger` labelled `label`, made by the process's
  /// logging system.
  public init(label: String = "loyalty") {
    self.init(logger: Logger(label: label))
  }

  /// Forwards `record` to the logger at the matching level.
  public func handle(_ record: LogRecord) {
    guard let level = Self.level(of: record.level) else { return }
    var metadata = Logger.Metadata()
    for (key, value) in record.metadata {
      metadata[key] = .string(value)
    }
    logger.log(
      level: level, Logger.Message(stringLiteral: record.message),
      metadata: metadata.isEmpty ? nil : metadata, source: record.label, file: record.file,
      function: "", line: record.line)
  }

  /// The swift-log level of an SDK record's level; `nil` for ``LoyaltyCore/LogLevel/none``,
  /// which no record carries.
  public static func level(of level: LoyaltyCore.LogLevel) -> Logger.Level? {
    switch level {
    case .none: nil
    case .error: .error
    case .warning: .warning
    case .info: .info
    case .debug: .debug
    case .verbose: .trace
    }
  }

  /// The SDK's `logging.level` that makes exactly the records `logger` writes. The SDK
  /// has no `notice` and no `critical`: a logger at `notice` writes the SDK's warnings and
  /// errors, one at `critical` none of its records.
  public static func level(for logger: Logger) -> LoyaltyCore.LogLevel {
    switch logger.logLevel {
    case .trace: .verbose
    case .debug: .debug
    case .info: .info
    case .notice, .warning: .warning
    case .error: .error
    case .critical: .none
    }
  }
}
