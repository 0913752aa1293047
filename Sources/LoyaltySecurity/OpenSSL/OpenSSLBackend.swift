#if !canImport(CryptoKit) && !LOYALTY_CRYPTOKIT
  import CLoyaltyCrypto
  import LoyaltyCore

  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  /// The primitives on OpenSSL 3's EVP API, the backend off Apple platforms.
  ///
  /// AES-256-GCM is in `OpenSSLBackend+AESGCM.swift`. Every failure drains OpenSSL's
  /// error queue into the error's `openssl` metadata (``OpenSSLErrorQueue``).
  enum OpenSSLBackend: CryptoBackend {
    /// `OpenSSL_version(OPENSSL_VERSION)`: `OpenSSL 3.0.15 3 Sep 2024`.
    static var libraryVersion: String { String(cString: OpenSSL_version(OPENSSL_VERSION)) }

    /// `OpenSSL_version_num()`: `0x30000000` and above for OpenSSL 3.
    static var libraryVersionNumber: UInt { UInt(OpenSSL_version_num()) }

    static func error(
      _ code: LoyaltyError.Code, _ message: String, recoverySuggestion: String?,
      metadata: [String: String]
    ) -> LoyaltyError {
      OpenSSLErrorQueue.error(
        code, message, recoverySuggestion: recoverySuggestion, metadata: metadata)
    }

    static func randomBytes(count: Int) -> Data? {
      var bytes = Data(count: count)
      let status = bytes.withUnsafeMutableBytes { buffer in
        RAND_bytes(buffer.bindMemory(to: UInt8.self).baseAddress, Int32(count))
      }
      return status == 1 ? bytes : nil
    }

    static func sha256(_ data: Data) throws -> Data {
      var digest = Data(count: SHA256.byteCount)
      var length: UInt32 = 0
      let status = digest.withUnsafeMutableBytes { output in
        data.withUnsafeBytes { input in
          EVP_Digest(
            input.baseAddress ?? UnsafeRawPointer(output.baseAddress), input.count,
            output.bindMemory(to: UInt8.self).baseAddress, &length, EVP_sha256(), nil)
        }
      }
      guard status == 1, length == UInt32(SHA256.byteCount) else {
        throw OpenSSLErrorQueue.error(.signingFailed, "SHA-256 hashing failed.")
      }
      return digest
    }

    static func hmacSHA256(_ message: Data, key: Data) throws -> Data {
      guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else {
        throw OpenSSLErrorQueue.error(.signingFailed, "OpenSSL has no HMAC implementation.")
      }
      defer { EVP_MAC_free(mac) }
      guard let context = EVP_MAC_CTX_new(mac) else {
        throw OpenSSLErrorQueue.error(.signingFailed, "Could not allocate an HMAC context.")
      }
      defer { EVP_MAC_CTX_free(context) }

      // EVP_MAC_init treats a NULL key as "keep the current key"; an empty key still
      // needs a valid pointer.
      var placeholder: UInt8 = 0
      let initialised = key.withUnsafeBytes { keyBuffer in
        withUnsafePointer(to: &placeholder) { placeholderPointer in
          let keyPointer =
            keyBuffer.bindMemory(to: UInt8.self).baseAddress ?? placeholderPointer
          return cloyalty_evp_mac_init_with_digest(
            context, keyPointer, keyBuffer.count, "SHA256")
        }
      }
      guard initialised == 1 else {
        throw OpenSSLErrorQueue.error(.signingFailed, "Could not initialise HMAC-SHA256.")
      }
      let updated = message.withUnsafeBytes { buffer in
        buffer.isEmpty
          ? 1
          : EVP_MAC_update(context, buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count)
      }
      guard updated == 1 else {
        throw OpenSSLErrorQueue.error(.signingFailed, "HMAC-SHA256 failed.")
      }
      var code = Data(count: HMACSHA256.byteCount)
      var length = 0
      let finished = code.withUnsafeMutableBytes { output in
        EVP_MAC_final(
          context, output.bindMemory(to: UInt8.self).baseAddress, &length, HMACSHA256.byteCount)
      }
      guard finished == 1, length == HMACSHA256.byteCount else {
        throw OpenSSLErrorQueue.error(.signingFailed, "HMAC-SHA256 failed.")
      }
      return code
    }
  }
#endif
