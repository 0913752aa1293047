import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("Standard headers: the platform's origin")
struct PlatformOriginTests {
  /// Whether a request to `url` is signed as the platform's, with `base` configured.
  static func isSigned(base: String, url: String) throws -> Bool {
    let baseURL = try #require(URL(string: base))
    let configuration = NetworkFixtures.configuration { $0.environment = .custom(baseURL) }
    let middleware = StandardHeadersMiddleware(
      configuration: configuration, signer: PortableRequestSigner(), clock: InstantClock(),
      device: NetworkFixtures.device)
    let request = HTTPRequest(method: .get, url: try #require(URL(string: url)))
    let signed = try middleware.signed(request)
    // Every request gets the content headers; only the platform's gets the signature.
    #expect(signed.headers["Accept"] == "application/json")
    return signed.headers["loyalty-signature"] != nil
  }

  @Test(
    "a scheme's default port, written out or not, is the same origin; another port is not",
    arguments: [
      ("https://loyalty.test", "https://loyalty.test/x", true),
      ("https://loyalty.test", "https://loyalty.test:443/x", true),
      ("https://loyalty.test:443", "https://loyalty.test/x", true),
      ("http://loyalty.test", "http://loyalty.test:80/x", true),
      ("http://loyalty.test:80", "http://loyalty.test/x", true),
      ("https://LOYALTY.test", "HTTPS://loyalty.TEST/x", true),
      ("https://loyalty.test", "https://loyalty.test:80/x", false),
      ("http://loyalty.test", "http://loyalty.test:443/x", false),
      ("https://loyalty.test", "http://loyalty.test/x", false),
      ("https://loyalty.test", "https://cdn.loyalty.test/x", false),
    ])
  func origins(_ base: String, _ url: String, _ signed: Bool) throws {
    #expect(try Self.isSigned(base: base, url: url) == signed)
  }
}
