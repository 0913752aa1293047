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
///
/// A request to another origin than the configuration's base URL (an endpoint with its
/// own ``Endpoint/baseURL``) gets only `Accept-Encoding`, `Accept` and `User-Agent`: the
/// signature, the merchant id and the device's identifiers stay with the platform.
public struct StandardHeadersMiddleware: HTTPMiddleware {
  /// The SDK's version, sent as `sdk_version` in the device info.
  public static let sdkVersion = "0.1.0"

  private let configuration: LoyaltyConfiguration
  private let signer: any RequestSigner
  private let clock: any LoyaltyClock
  private let device: DeviceIdentity
  /// The headers after the date and the signature, which never change: made once.
  private let fixedHeaders: [(name: String, value: String)]
  /// The last timestamp signed and its signature: the signature depends only on the API
  /// key and the timestamp (whole seconds), so requests within a second share it.
  private let lastSignature = Locked<(timestamp: Int, signature: String)?>(nil)
  /// The configuration's origin: scheme, host and port, lowercased.
  private let origin: String

  /// Creates the middleware.
  public init(
    configuration: LoyaltyConfiguration, signer: any RequestSigner, clock: any LoyaltyClock,
    device: DeviceIdentity
  ) {
    self.configuration = configuration
    self.signer = signer
    self.clock = clock
    self.device = device
    fixedHeaders = [
      ("Accept-Encoding", "gzip"),
      ("Accept", "application/json"),
      ("User-Agent", device.userAgent),
      ("channel", "mobile"),
      ("loyalty-bundle-id", "\(device.platform):\(configuration.bundleID)"),
      ("unique-device-id", device.deviceID),
      ("vendor", device.vendor),
      ("platform", device.platform),
      ("os_version", device.osVersion),
    ]
    origin = Self.origin(of: configuration.baseURL)
  }

  /// `scheme://host:port`, lowercased, with the scheme's default port when none is given.
  static func origin(of url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    let port = url.port ?? (scheme == "http" ? 80 : 443)
    return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
  }

  public func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    try await next(signed(request))
  }

  /// `request` with the standard headers and a signature for now.
  public func signed(_ request: HTTPRequest) throws -> HTTPRequest {
    guard Self.origin(of: request.url) == origin else { return foreign(request) }
    let seconds = Int(saturating: clock.now.timeIntervalSince1970)
    let timestamp = String(seconds)
    let signature = try signature(for: seconds, timestamp)
    var fields: [(name: String, value: String)] = []
    fields.reserveCapacity(3 + fixedHeaders.count + request.headers.count)
    fields.append(("loyalty-web-id", configuration.merchantID))
    fields.append(("loyalty-date", timestamp))
    fields.append(("loyalty-signature", signature))
    fields.append(contentsOf: fixedHeaders)
    var headers = HTTPHeaders(consume fields)
    for field in request.headers {
      headers.replaceOrAdd(name: field.name, value: field.value)
    }
    var signed = request
    signed.headers = headers
    return signed
  }

  /// `request` for another server: the content headers only, nothing that signs or
  /// identifies.
  private func foreign(_ request: HTTPRequest) -> HTTPRequest {
    var headers = HTTPHeaders(Array(fixedHeaders.prefix(3)))
    for field in request.headers {
      headers.replaceOrAdd(name: field.name, value: field.value)
    }
    var foreign = request
    foreign.headers = headers
    return foreign
  }

  /// The signature for `seconds`, reused within the same second.
  private func signature(for seconds: Int, _ timestamp: String) throws -> String {
    if let last = lastSignature.withLock({ $0 }), last.timestamp == seconds {
      return last.signature
    }
    let signature: String
    do {
      signature = try signer.signature(apiKey: configuration.apiKey, timestamp: timestamp)
    } catch {
      throw LoyaltyError(.signingFailed, "The request could not be signed.", underlying: error)
    }
    lastSignature.withLock { $0 = (seconds, signature) }
    return signature
  }
}
