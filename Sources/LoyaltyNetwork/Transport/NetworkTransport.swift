public import LoyaltyCore

/// How a ``NetworkModule`` makes its HTTP transport, once per client.
///
/// LoyaltyNetwork holds no transport of its own, so a host that brings one links
/// nothing it does not use. `.urlSession` comes from the LoyaltyURLSession product;
/// a transport product of a host's own (on AsyncHTTPClient, say) adds a value the same
/// way:
///
/// ```swift
/// extension NetworkTransport {
///   static var myTransport: Self {
///     Self(name: "MyTransport") { configuration in MyTransport(configuration) }
///   }
/// }
///
/// func startWithMyTransport(_ configuration: LoyaltyConfiguration) async throws -> LoyaltyClient {
///   try await LoyaltyClient.start(configuration, modules: [NetworkModule(transport: .myTransport)])
/// }
/// ```
///
/// An override of ``LoyaltyCore/CapabilityKey/httpTransport`` replaces whatever the
/// module would make.
public struct NetworkTransport: Sendable, CustomStringConvertible {
  /// What the transport is, for diagnostics: `URLSession`.
  public let name: String
  private let make: @Sendable (LoyaltyConfiguration) throws -> any HTTPTransport

  /// Creates a transport choice.
  /// - Parameters:
  ///   - name: What the transport is, for diagnostics.
  ///   - make: Makes one client's transport from its configuration; called once per
  ///     client, on first use.
  public init(
    name: String, _ make: @escaping @Sendable (LoyaltyConfiguration) throws -> any HTTPTransport
  ) {
    self.name = name
    self.make = make
  }

  /// Makes one client's transport.
  /// - Throws: What the transport's factory throws.
  public func makeTransport(for configuration: LoyaltyConfiguration) throws -> any HTTPTransport {
    try make(configuration)
  }

  public var description: String { name }
}
