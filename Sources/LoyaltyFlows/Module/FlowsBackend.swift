import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The server the flows talk to (seed 004 line 54: the payments SDK's own `demo` and
/// `live` environments, each with its base URL).
///
/// The flows' calls go through the client's network stack either way (its transport,
/// limits, logging and masking); only their base URL changes. The platform's signed
/// headers (`loyalty-signature` and the device's identifiers) go only to the client's
/// own base URL, never to another server.
public enum FlowsBackend: Sendable, Hashable, CustomStringConvertible {
  /// The loyalty client's base URL (the default).
  case client
  /// The payments backend's demo (test) server.
  case demo(URL)
  /// The payments backend's live server.
  case live(URL)

  /// The base URL the flows' calls use instead of the client's; `nil` for ``client``.
  public var baseURL: URL? {
    switch self {
    case .client: nil
    case .demo(let url), .live(let url): url
    }
  }

  /// `client`, `demo (https://...)` or `live (https://...)`.
  public var description: String {
    switch self {
    case .client: "client"
    case .demo(let url): "demo (\(url.absoluteString))"
    case .live(let url): "live (\(url.absoluteString))"
    }
  }

  /// Checks the base URL: an absolute `http` or `https` URL with a host.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidURL`` otherwise.
  public func validate() throws {
    guard let url = baseURL else { return }
    let scheme = url.scheme?.lowercased() ?? ""
    guard scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty else {
      throw LoyaltyError(
        .invalidURL,
        "The flows' \(self) backend needs an http or https URL with a host.",
        recoverySuggestion: "Pass the payments backend's base URL, such as https://host/.",
        metadata: ["field": "backend", "scheme": scheme])
    }
  }
}
