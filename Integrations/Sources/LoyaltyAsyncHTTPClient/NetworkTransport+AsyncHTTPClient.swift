public import AsyncHTTPClient
public import LoyaltyNetwork

extension NetworkTransport {
  /// An ``AsyncHTTPClientTransport`` with the request timeout and the response size limit
  /// of the client's network configuration:
  /// `NetworkModule(transport: .asyncHTTPClient())`.
  /// - Parameter client: The client to send with;
  ///   ``AsyncHTTPClientTransport/sharedClient`` by default, shared by every SDK client of
  ///   the process. The transport never shuts it down.
  public static func asyncHTTPClient(
    _ client: HTTPClient = AsyncHTTPClientTransport.sharedClient
  ) -> Self {
    Self(name: "AsyncHTTPClient") { configuration in
      AsyncHTTPClientTransport(client: client, configuration: configuration.network)
    }
  }
}
