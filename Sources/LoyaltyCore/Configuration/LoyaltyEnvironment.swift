#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Which backend the SDK talks to.
///
/// Encoded as a single string: `"development"`, `"production"`, or the custom base URL.
public enum LoyaltyEnvironment: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The user-acceptance backend.
  case development
  /// The production backend.
  case production
  /// Any other backend, such as the sandbox emulator: `http://127.0.0.1:8080`.
  case custom(URL)

  /// The base URL requests are made against.
  public var baseURL: URL {
    switch self {
    case .development: Self.developmentURL
    case .production: Self.productionURL
    case .custom(let url): url
    }
  }

  /// The base URL's host, or an empty string when it has none.
  public var host: String { baseURL.host ?? "" }

  /// The backends' fixed URLs. `URL(string:)` cannot fail on these constants; the
  /// fallback only keeps the code free of force unwraps.
  private static let developmentURL =
    URL(string: "https://engage-uat.dei.gr") ?? URL(fileURLWithPath: "/")
  private static let productionURL =
    URL(string: "https://engage-prod.dei.gr") ?? URL(fileURLWithPath: "/")

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    switch text {
    case "development": self = .development
    case "production": self = .production
    default:
      guard let url = URL(string: text), url.scheme != nil else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "Expected \"development\", \"production\" or an absolute URL.")
      }
      self = .custom(url)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .development: try container.encode("development")
    case .production: try container.encode("production")
    case .custom(let url): try container.encode(url.absoluteString)
    }
  }

  public var description: String {
    switch self {
    case .development: "development (\(baseURL.absoluteString))"
    case .production: "production (\(baseURL.absoluteString))"
    case .custom(let url): "custom (\(url.absoluteString))"
    }
  }
}
