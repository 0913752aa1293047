#if canImport(CryptoKit) || LOYALTY_CRYPTOKIT
  import LoyaltyCore

  #if canImport(CryptoKit)
    import CryptoKit
    /// CryptoKit's SHA-256 (this module's ``SHA256`` is the SDK's own).
    private typealias KitSHA256 = CryptoKit.SHA256
  #else
    // swift-crypto: CryptoKit's API on Linux, for the AppleCheck package.
    import Crypto
    /// swift-crypto's SHA-256 (this module's ``SHA256`` is the SDK's own).
    private typealias KitSHA256 = Crypto.SHA256
  #endif

  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  /// The primitives on CryptoKit, the backend on Apple platforms.
  ///
  /// CryptoKit's `AES.GCM.SealedBox.combined` is the SDK's layout, `nonce + ciphertext +
  /// tag`, so a box sealed here opens with ``OpenSSLBackend`` and the other way round.
  /// Random bytes come from the system generator (`SystemRandomNumberGenerator`:
  /// `arc4random_buf` on Apple platforms, `getrandom` on Linux), the source CryptoKit's
  /// own keys are drawn from.
  enum CryptoKitBackend: CryptoBackend {
    /// `CryptoKit`.
    static let libraryVersion = "CryptoKit"

    static func error(
      _ code: LoyaltyError.Code, _ message: String, recoverySuggestion: String?,
      metadata: [String: String]
    ) -> LoyaltyError {
      LoyaltyError(code, message, recoverySuggestion: recoverySuggestion, metadata: metadata)
    }

    static func randomBytes(count: Int) -> Data? {
      var generator = SystemRandomNumberGenerator()
      var words = [UInt64](repeating: 0, count: (count + 7) / 8)
      for index in words.indices {
        words[index] = generator.next()
      }
      // The words are zeroed once copied: the bytes may be a key.
      defer {
        for index in words.indices { words[index] = 0 }
      }
      return words.withUnsafeBytes { Data($0.prefix(count)) }
    }

    static func sha256(_ data: Data) throws -> Data {
      Data(KitSHA256.hash(data: data))
    }

    static func hmacSHA256(_ message: Data, key: Data) throws -> Data {
      Data(HMAC<KitSHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }

    static func sealAESGCM(_ plaintext: Data, key: Data, nonce: Data) throws -> Data {
      do {
        let box = try AES.GCM.seal(
          plaintext, using: SymmetricKey(data: key), nonce: try AES.GCM.Nonce(data: nonce))
        guard let combined = box.combined else {
          throw LoyaltyError(.encryptionFailed, "AES-256-GCM gave no combined box.")
        }
        return combined
      } catch let error as LoyaltyError {
        throw error
      } catch {
        throw LoyaltyError(
          .encryptionFailed, "AES-256-GCM encryption failed.",
          metadata: ["cryptokit": String(describing: error)])
      }
    }

    static func openAESGCM(_ sealed: Data, key: Data) throws -> Data {
      do {
        let box = try AES.GCM.SealedBox(combined: sealed)
        return try AES.GCM.open(box, using: SymmetricKey(data: key))
      } catch {
        throw LoyaltyError(
          .decryptionFailed,
          "The ciphertext could not be authenticated: the key is wrong or the data was "
            + "altered.",
          metadata: ["cryptokit": String(describing: error)])
      }
    }
  }
#endif
