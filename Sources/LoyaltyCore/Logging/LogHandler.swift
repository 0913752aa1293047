/// Where the SDK's log records go.
///
/// A host bridges the SDK to its own logging by conforming a small type to this
/// protocol and passing it as an override of ``CapabilityKey/logHandler``.
///
/// Every conforming type must:
/// - be safe to call from any thread or task, concurrently;
/// - return quickly: it is called inline by the code that logs;
/// - never throw, crash or log through the SDK again.
///
/// Records arrive already filtered by level and already masked.
public protocol LogHandler: Sendable {
  /// Handles one record.
  func handle(_ record: LogRecord)
}
