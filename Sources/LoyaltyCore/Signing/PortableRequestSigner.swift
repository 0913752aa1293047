/// The default `loyalty-signature`: the lowercase hex SHA-256 of the API key followed by
/// the timestamp, computed in portable Swift.
///
/// It is Core's default for ``CapabilityKey/requestSigner``; LoyaltySecurity's signers
/// replace it when `SecurityModule` is listed, with identical output for SHA-256.
public struct PortableRequestSigner: RequestSigner {
  /// Creates the signer.
  public init() {}

  public func signature(apiKey: String, timestamp: String) throws -> String {
    PortableSHA256.hexDigest(apiKey + timestamp)
  }
}
