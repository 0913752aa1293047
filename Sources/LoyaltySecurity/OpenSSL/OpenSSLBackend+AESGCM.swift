#if !canImport(CryptoKit) && !LOYALTY_CRYPTOKIT
  import CLoyaltyCrypto
  import LoyaltyCore

  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  extension OpenSSLBackend {
    /// The most bytes passed to one `EVP_*Update` call, which takes an `int` length.
    fileprivate static let chunkByteCount = 1 << 30

    /// An `EVP_CIPHER` fetched once from the default provider.
    ///
    /// `@unchecked Sendable` is safe because a fetched `EVP_CIPHER` is immutable and
    /// reference counted, which OpenSSL documents as safe to share between threads; it
    /// is kept for the life of the process and never freed.
    // Safe to share: a fetched EVP_CIPHER is immutable and never freed (see above).
    fileprivate struct FetchedCipher: @unchecked Sendable {
      let pointer: OpaquePointer?
    }

    /// AES-256-GCM, fetched once. OpenSSL 3 looks `EVP_aes_256_gcm()` up in the provider
    /// store again on every `EVP_*Init_ex` call (name compares under a lock), a third of
    /// the cost of sealing 1 KB; a fetched cipher skips that look-up.
    fileprivate static let fetchedCipher = FetchedCipher(
      pointer: EVP_CIPHER_fetch(nil, "AES-256-GCM", nil))

    /// The fetched cipher, or the built-in one when fetching failed.
    fileprivate static var cipher: OpaquePointer? { fetchedCipher.pointer ?? EVP_aes_256_gcm() }

    static func sealAESGCM(_ plaintext: Data, key: Data, nonce: Data) throws -> Data {
      let nonceByteCount = AESGCM.nonceByteCount
      let overheadByteCount = AESGCM.overheadByteCount
      let tagByteCount = AESGCM.tagByteCount
      guard let context = EVP_CIPHER_CTX_new() else {
        throw OpenSSLErrorQueue.error(.encryptionFailed, "Could not allocate a cipher context.")
      }
      defer { EVP_CIPHER_CTX_free(context) }

      let initialised = key.withUnsafeBytes { keyBuffer in
        nonce.withUnsafeBytes { nonceBuffer in
          // One call: 12 bytes is OpenSSL's default GCM nonce length, so no ctrl is needed.
          EVP_EncryptInit_ex(
            context, cipher, nil, keyBuffer.bindMemory(to: UInt8.self).baseAddress,
            nonceBuffer.bindMemory(to: UInt8.self).baseAddress) == 1
        }
      }
      guard initialised else {
        throw OpenSSLErrorQueue.error(.encryptionFailed, "Could not initialise AES-256-GCM.")
      }

      var sealed = Data(count: overheadByteCount + plaintext.count)
      let succeeded = sealed.withUnsafeMutableBytes { output -> Bool in
        let bytes = output.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress else { return false }
        nonce.copyBytes(to: base, count: nonceByteCount)
        let ciphertextBase = base + nonceByteCount
        let updated = plaintext.withUnsafeBytes { input -> Int? in
          update(input, into: ciphertextBase) { output, length, input, inputLength in
            EVP_EncryptUpdate(context, output, length, input, inputLength)
          }
        }
        guard let written = updated, written == plaintext.count else { return false }
        var finalLength: Int32 = 0
        guard EVP_EncryptFinal_ex(context, ciphertextBase + written, &finalLength) == 1,
          finalLength == 0
        else { return false }
        return cloyalty_evp_gcm_get_tag(
          context, Int32(tagByteCount), ciphertextBase + plaintext.count) == 1
      }
      guard succeeded else {
        throw OpenSSLErrorQueue.error(.encryptionFailed, "AES-256-GCM encryption failed.")
      }
      return sealed
    }

    static func openAESGCM(_ sealed: Data, key: Data) throws -> Data {
      let nonceByteCount = AESGCM.nonceByteCount
      let overheadByteCount = AESGCM.overheadByteCount
      let tagByteCount = AESGCM.tagByteCount
      // The nonce and tag are copied with zero-based indices, whatever slice the caller
      // passed; the ciphertext is read in place.
      let nonce = Data(sealed.prefix(nonceByteCount))
      var tag = Data(sealed.suffix(tagByteCount))
      let ciphertextCount = sealed.count - overheadByteCount

      guard let context = EVP_CIPHER_CTX_new() else {
        throw OpenSSLErrorQueue.error(.decryptionFailed, "Could not allocate a cipher context.")
      }
      defer { EVP_CIPHER_CTX_free(context) }

      let initialised = key.withUnsafeBytes { keyBuffer in
        nonce.withUnsafeBytes { nonceBuffer in
          // One call: 12 bytes is OpenSSL's default GCM nonce length, so no ctrl is needed.
          EVP_DecryptInit_ex(
            context, cipher, nil, keyBuffer.bindMemory(to: UInt8.self).baseAddress,
            nonceBuffer.bindMemory(to: UInt8.self).baseAddress) == 1
        }
      }
      guard initialised else {
        throw OpenSSLErrorQueue.error(.decryptionFailed, "Could not initialise AES-256-GCM.")
      }

      var plaintext = Data(count: ciphertextCount)
      let opened = plaintext.withUnsafeMutableBytes { output -> Bool in
        let outputBase = output.bindMemory(to: UInt8.self).baseAddress
        let updated = sealed.withUnsafeBytes { sealedBytes -> Int? in
          let ciphertextEnd = nonceByteCount + ciphertextCount
          let input = UnsafeRawBufferPointer(rebasing: sealedBytes[nonceByteCount..<ciphertextEnd])
          return update(input, into: outputBase) { output, length, input, inputLength in
            EVP_DecryptUpdate(context, output, length, input, inputLength)
          }
        }
        guard let written = updated, written == ciphertextCount else { return false }
        let tagSet = tag.withUnsafeMutableBytes { tagBuffer in
          cloyalty_evp_gcm_set_tag(context, Int32(tagByteCount), tagBuffer.baseAddress) == 1
        }
        guard tagSet else { return false }
        // GCM writes nothing at finalisation; a scratch byte keeps the pointer valid.
        var scratch = [UInt8](repeating: 0, count: 16)
        var finalLength: Int32 = 0
        return EVP_DecryptFinal_ex(context, &scratch, &finalLength) == 1 && finalLength == 0
      }
      guard opened else {
        plaintext.resetBytes(in: 0..<plaintext.count)
        throw OpenSSLErrorQueue.error(
          .decryptionFailed,
          "The ciphertext could not be authenticated: the key is wrong or the data was "
            + "altered.")
      }
      return plaintext
    }

    /// Feeds `input` to an `EVP_*Update` function in `int`-sized chunks.
    /// - Returns: The bytes written, or `nil` when a call failed.
    private static func update(
      _ input: UnsafeRawBufferPointer,
      into output: UnsafeMutablePointer<UInt8>?,
      _ body: (
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>, UnsafePointer<UInt8>?, Int32
      ) -> Int32
    ) -> Int? {
      let bytes = input.bindMemory(to: UInt8.self)
      guard let inputBase = bytes.baseAddress, let output, !bytes.isEmpty else { return 0 }
      var offset = 0
      var written = 0
      while offset < bytes.count {
        let length = min(chunkByteCount, bytes.count - offset)
        var produced: Int32 = 0
        guard body(output + written, &produced, inputBase + offset, Int32(length)) == 1 else {
          return nil
        }
        written += Int(produced)
        offset += length
      }
      return written
    }
  }
#endif
