public import Hummingbird
public import NIOCore

/// The request context of the emulator: Hummingbird's basics plus the connection, so a
/// fault can drop it.
public struct EmulatorRequestContext: RequestContext {
  /// Hummingbird's storage.
  public var coreContext: CoreRequestContextStorage
  /// The connection the request came on.
  public let channel: any Channel

  /// Creates a context for a request on `source.channel`.
  public init(source: ApplicationRequestContextSource) {
    coreContext = CoreRequestContextStorage(source: source)
    channel = source.channel
  }
}
