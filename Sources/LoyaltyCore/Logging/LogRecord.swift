#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One log message, already masked, as a ``LogHandler`` receives it.
public struct LogRecord: Sendable, Equatable {
  /// When the message was logged.
  public let date: Date
  /// The message's level; never ``LogLevel/none``.
  public let level: LogLevel
  /// The logger's label, usually the product that logs (`LoyaltyNetwork`).
  public let label: String
  /// The message, with secrets masked.
  public let message: String
  /// Extra facts, with secrets masked.
  public let metadata: [String: String]
  /// The source file that logged, as `#fileID`.
  public let file: String
  /// The source line that logged.
  public let line: UInt

  /// Creates a record. The SDK's ``LoyaltyLogger`` masks before it creates one.
  public init(
    date: Date, level: LogLevel, label: String, message: String,
    metadata: [String: String] = [:], file: String = #fileID, line: UInt = #line
  ) {
    self.date = date
    self.level = level
    self.label = label
    self.message = message
    self.metadata = metadata
    self.file = file
    self.line = line
  }

  /// `2026-01-31T10:00:00.000Z warning [LoyaltyNetwork] message key=value`.
  public var formatted: String {
    let stamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    var text = "\(stamp) \(level.rawValue) [\(label)] \(message)"
    if !metadata.isEmpty {
      text += " " + metadata.sortedPairs("=", separator: " ")
    }
    return text
  }
}
