#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// How much of the body a description shows.
  private static let bodyPreviewLimit = 512

  /// `POST https://host/path?query [headers] body`, with secrets masked in the URL,
  /// the headers (``HTTPHeaders/masked(by:)``) and the body's first 512 bytes.
  public var description: String {
    "\(method) \(maskedURL) \(headers.description) \(maskedBody ?? "(no body)")"
  }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// The request's parts, masked as in ``description``, so `dump` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "method": method, "url": maskedURL, "headers": headers,
        "body": maskedBody as Any, "timeout": timeout as Any,
      ],
      displayStyle: .struct)
  }

  private var maskedURL: String { SecretMasker.standard.mask(url.absoluteString) }

  private var maskedBody: String? {
    guard let body, !body.isEmpty else { return nil }
    let text = SecretMasker.standard.mask(
      String(decoding: body.prefix(Self.bodyPreviewLimit), as: UTF8.self))
    return body.count > Self.bodyPreviewLimit ? text + "... (\(body.count) bytes)" : text
  }
}
