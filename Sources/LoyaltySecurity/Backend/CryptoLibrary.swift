import CLoyaltyCrypto

/// The libcrypto the security product runs on, as `loyalty-doctor` reports it.
package enum CryptoLibrary {
  /// `OpenSSL_version(OPENSSL_VERSION)`: `OpenSSL 3.0.15 3 Sep 2024`.
  package static var version: String { String(cString: OpenSSL_version(OPENSSL_VERSION)) }

  /// `OpenSSL_version_num()`: `0x30000000` and above for OpenSSL 3.
  package static var versionNumber: UInt { UInt(OpenSSL_version_num()) }
}
