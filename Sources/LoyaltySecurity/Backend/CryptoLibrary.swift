/// The crypto library the security product runs on, as `loyalty-doctor` reports it.
package enum CryptoLibrary {
  /// The library and its version: `OpenSSL 3.0.15 3 Sep 2024`, or `CryptoKit`.
  package static var version: String { PlatformCrypto.libraryVersion }

  /// `OpenSSL_version_num()` (`0x30000000` and above for OpenSSL 3), or `nil` where the
  /// backend is not OpenSSL.
  package static var openSSLVersionNumber: UInt? {
    #if !canImport(CryptoKit) && !LOYALTY_CRYPTOKIT
      OpenSSLBackend.libraryVersionNumber
    #else
      nil
    #endif
  }
}
