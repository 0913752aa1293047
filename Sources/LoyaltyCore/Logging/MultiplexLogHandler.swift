/// A log handler that forwards every record to several handlers, in order.
public struct MultiplexLogHandler: LogHandler {
  /// The handlers records are forwarded to.
  public let handlers: [any LogHandler]

  /// Creates a handler forwarding to `handlers`.
  public init(_ handlers: [any LogHandler]) {
    self.handlers = handlers
  }

  public func handle(_ record: LogRecord) {
    for handler in handlers {
      handler.handle(record)
    }
  }
}
