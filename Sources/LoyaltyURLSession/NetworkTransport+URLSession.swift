public import LoyaltyNetwork

extension NetworkTransport {
  /// A ``LoyaltyURLSession/URLSessionTransport`` with the timeouts of the client's network
  /// configuration:
  /// `NetworkModule(transport: .urlSession)`.
  public static var urlSession: Self {
    Self(name: "URLSession") { configuration in
      URLSessionTransport(configuration: configuration.network)
    }
  }
}
