public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Adds the platform's standard headers and signs the request, freshly for each attempt.
///
/// `loyalty-web-id` (merchant id), `loyalty-date` (Unix seconds), `loyalty-signature`
/// (from the ``LoyaltyCore/RequestSigner``), `Accept-Encoding: gzip`,
/// `Accept: application/json`, `User-Agent` (`gzip`, as the seed sends it),
/// `channel: mobile`, `loyalty-bundle-id: {platform}:{bundleId}`, `unique-device-id`,
/// `vendor`, `platform`, `os_version`: on iOS `ios:{bundleId}`, `apple`, `ios`. The
/// device's values come from the ``DeviceIdentity``, which the configuration's
/// ``LoyaltyCore/DeviceConfiguration`` can override. Headers the request already carries
/// (an endpoint's extras) are kept.
public struct StandardHeadersMiddleware: HTTPMiddleware {
  /// The SDK's version, sent as `sdk_version` in the device info.
  public static let sdkVersion = "0.1.0"

  private let configuration: LoyaltyConfiguration
  private let signer: any RequestSigner
  private let clock: any LoyaltyClock
  private let device: DeviceIdentity

  /// Creates the middleware.
  public init(
    configuration: LoyaltyConfiguration, signer: any RequestSigner, clock: any LoyaltyClock,
    device: DeviceIdentity
  ) {
    self.configuration = configuration
    self.signer = signer
    self.clock = clock
    self.device = device
  }

  public func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    try await next(signed(request))
  }

  /// `request` with the standard headers and a signature for now.
  public func signed(_ request: HTTPRequest) throws -> HTTPRequest {
    let timestamp = String(Int(saturating: clock.now.timeIntervalSince1970))
    let signature: String
    do {
      signature = try signer.signature(apiKey: configuration.apiKey, timestamp: timestamp)
    } catch {
      throw LoyaltyError(.signingFailed, "The request could not be signed.", underlying: error)
    }
    var headers = HTTPHeaders([
      ("loyalty-web-id", configuration.merchantID),
      ("loyalty-date", timestamp),
      ("loyalty-signature", signature),
      ("Accept-Encoding", "gzip"),
      ("Accept", "application/json"),
      ("User-Agent", device.userAgent),
      ("channel", "mobile"),
      ("loyalty-bundle-id", "\(device.platform):\(configuration.bundleID)"),
      ("unique-device-id", device.deviceID),
      ("vendor", device.vendor),
      ("platform", device.platform),
      ("os_version", device.osVersion),
    ])
    for field in request.headers {
      headers.replaceOrAdd(name: field.name, value: field.value)
    }
    var signed = request
    signed.headers = headers
    return signed
  }
}
