/// How an RSA key pads what it encrypts.
public enum RSAPadding: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// OAEP with SHA-256 as both the hash and the MGF1 hash: the default, and the only
  /// choice for new protocols.
  case oaepSHA256
  /// PKCS #1 v1.5, for backends that still expect it (as the seed's PIN encryption
  /// does). Decryption with it cannot reliably detect a wrong key: OpenSSL 3.2 and
  /// later return random bytes instead of an error to resist padding-oracle attacks.
  case pkcs1v15

  /// The bytes this padding adds at least: 66 for OAEP-SHA256, 11 for PKCS #1 v1.5.
  public var overheadByteCount: Int {
    switch self {
    case .oaepSHA256: 2 * SHA256.byteCount + 2
    case .pkcs1v15: 11
    }
  }

  /// `OAEP-SHA256` or `PKCS1-v1.5`.
  public var description: String {
    switch self {
    case .oaepSHA256: "OAEP-SHA256"
    case .pkcs1v15: "PKCS1-v1.5"
    }
  }
}
