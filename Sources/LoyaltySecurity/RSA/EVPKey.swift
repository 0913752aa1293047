#if !canImport(CryptoKit) && !LOYALTY_CRYPTOKIT
  import CLoyaltyCrypto
  import LoyaltyCore

  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  /// Owns one OpenSSL `EVP_PKEY` holding an RSA key and frees it when released.
  ///
  /// `@unchecked Sendable` is safe because the key is never modified after it is decoded
  /// or generated: every operation creates its own `EVP_PKEY_CTX`, and OpenSSL 3
  /// documents `EVP_PKEY` objects as safe to use concurrently from several threads for
  /// such read-only use (its reference count is atomic).
  // Safe to share: the key is read-only after creation, and OpenSSL allows concurrent reads.
  final class EVPKey: RSAKeyBackend, @unchecked Sendable {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) {
      self.pointer = pointer
    }

    deinit {
      EVP_PKEY_free(pointer)
    }

    /// The modulus size in bits.
    var bitCount: Int { Int(EVP_PKEY_get_bits(pointer)) }

    /// The modulus size in bytes: the size of every ciphertext.
    var byteCount: Int { Int(EVP_PKEY_get_size(pointer)) }

    /// Decodes an RSA key from PEM text with OpenSSL's `OSSL_DECODER`.
    /// - Throws: ``LoyaltyError/Code/invalidPEM``.
    static func decode(pem: String, labels: Set<String>, part: RSAKeyPart) throws -> EVPKey {
      let document = try part.document(pem, labels: labels)
      let kind = part.kind
      let selection = part.selection
      let bytes = Array(document.text.utf8)
      let decoded = bytes.withUnsafeBufferPointer { buffer in
        cloyalty_decode_pem_key(buffer.baseAddress, buffer.count, "RSA", selection)
      }
      guard let key = decoded else {
        throw OpenSSLErrorQueue.error(
          .invalidPEM,
          "The PEM document could not be decoded as an RSA \(kind) key: its base64 or DER "
            + "content is damaged.",
          recoverySuggestion: "Check that the PEM was copied whole, including every line.",
          metadata: ["label": document.label])
      }
      let handle = EVPKey(taking: key)
      guard EVP_PKEY_is_a(key, "RSA") == 1 else {
        throw OpenSSLErrorQueue.error(.invalidPEM, "The PEM document does not hold an RSA key.")
      }
      _ = OpenSSLErrorQueue.drain()
      return handle
    }

    /// Generates a new RSA key pair.
    /// - Throws: ``LoyaltyError/Code/keyGenerationFailed``.
    static func generate(bitCount: Int) throws -> EVPKey {
      guard let key = cloyalty_rsa_generate(UInt32(bitCount)) else {
        throw OpenSSLErrorQueue.error(
          .keyGenerationFailed, "Could not generate a \(bitCount)-bit RSA key.")
      }
      return EVPKey(taking: key)
    }

    /// The public key: the same `EVP_PKEY`, which OpenSSL reads as a public key for
    /// encryption and writes as one for ``RSAKeyPart/publicKey``.
    var publicPart: EVPKey { self }

    /// Encodes the key as PEM with OpenSSL's `OSSL_ENCODER`.
    /// - Throws: ``LoyaltyError/Code/internalInconsistency`` when OpenSSL fails.
    func pem(part: RSAKeyPart) throws -> String {
      let selection = part.selection
      let structure = part == .publicKey ? "SubjectPublicKeyInfo" : "PrivateKeyInfo"
      var output: UnsafeMutablePointer<UInt8>?
      var length = 0
      guard cloyalty_encode_pem_key(pointer, selection, structure, &output, &length) == 1,
        let output
      else {
        throw OpenSSLErrorQueue.error(.internalInconsistency, "Could not encode the key as PEM.")
      }
      defer {
        OPENSSL_cleanse(output, length)
        cloyalty_openssl_free(output)
      }
      return String(decoding: UnsafeBufferPointer(start: output, count: length), as: UTF8.self)
    }

    /// Encrypts with `EVP_PKEY_encrypt`.
    /// - Throws: ``LoyaltyError/Code/encryptionFailed``, with OpenSSL's reason.
    func encrypt(_ data: Data, padding: RSAPadding) throws -> Data {
      guard let ciphertext = transform(data, padding: padding, encrypt: true) else {
        throw OpenSSLErrorQueue.error(
          .encryptionFailed, "RSA encryption with \(padding) failed.",
          metadata: ["padding": padding.description])
      }
      return ciphertext
    }

    /// Decrypts with `EVP_PKEY_decrypt`.
    /// - Throws: ``LoyaltyError/Code/decryptionFailed``; OpenSSL's reason is dropped on
    ///   purpose: telling padding failures apart is what padding-oracle attacks feed on.
    func decrypt(_ ciphertext: Data, padding: RSAPadding) throws -> Data {
      guard let plaintext = transform(ciphertext, padding: padding, encrypt: false) else {
        _ = OpenSSLErrorQueue.drain()
        throw LoyaltyError(
          .decryptionFailed,
          "RSA decryption with \(padding) failed: the key or padding is wrong, or the "
            + "ciphertext is damaged.",
          metadata: ["padding": padding.description])
      }
      return plaintext
    }

    /// Runs `EVP_PKEY_encrypt` or `EVP_PKEY_decrypt` with `padding`.
    /// - Returns: The output, or `nil` when OpenSSL failed (its queue is left for the
    ///   caller to drain).
    private func transform(_ input: Data, padding: RSAPadding, encrypt: Bool) -> Data? {
      guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { return nil }
      defer { EVP_PKEY_CTX_free(context) }
      let initialised =
        encrypt ? EVP_PKEY_encrypt_init(context) : EVP_PKEY_decrypt_init(context)
      guard initialised == 1 else { return nil }
      switch padding {
      case .oaepSHA256:
        guard
          cloyalty_evp_pkey_set_rsa_padding(context, cloyalty_rsa_pkcs1_oaep_padding()) == 1,
          cloyalty_evp_pkey_set_rsa_oaep_sha256(context) == 1
        else { return nil }
      case .pkcs1v15:
        guard cloyalty_evp_pkey_set_rsa_padding(context, cloyalty_rsa_pkcs1_padding()) == 1
        else { return nil }
      }

      // An empty input still needs a valid pointer.
      var placeholder: UInt8 = 0
      return input.withUnsafeBytes { inputBuffer -> Data? in
        withUnsafePointer(to: &placeholder) { placeholderPointer -> Data? in
          let inputPointer =
            inputBuffer.bindMemory(to: UInt8.self).baseAddress ?? placeholderPointer
          let run: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>) -> Int32 = {
            output, length in
            encrypt
              ? EVP_PKEY_encrypt(context, output, length, inputPointer, inputBuffer.count)
              : EVP_PKEY_decrypt(context, output, length, inputPointer, inputBuffer.count)
          }
          var capacity = 0
          guard run(nil, &capacity) == 1, capacity > 0 else { return nil }
          var output = Data(count: capacity)
          var length = capacity
          let status = output.withUnsafeMutableBytes { buffer in
            run(buffer.bindMemory(to: UInt8.self).baseAddress, &length)
          }
          guard status == 1, length <= capacity else {
            output.resetBytes(in: 0..<output.count)
            return nil
          }
          return Data(output.prefix(length))
        }
      }
    }
  }

  extension RSAKeyPart {
    /// OpenSSL's key-management selection for this part.
    fileprivate var selection: Int32 {
      switch self {
      case .publicKey: cloyalty_selection_public_key()
      case .keyPair: cloyalty_selection_key_pair()
      }
    }
  }
#endif
