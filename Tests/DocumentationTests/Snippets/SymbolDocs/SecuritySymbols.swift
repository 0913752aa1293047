import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySecurity
import LoyaltyStore
import Testing

// The ```swift blocks of the doc comments in Sources/LoyaltySecurity.

// EnvironmentKeyStore
private func keysFromTheEnvironment() throws -> EnvironmentKeyStore {
  let base64 = ProcessInfo.processInfo.environment["LOYALTY_FIELD_KEY"] ?? ""
  let store = try EnvironmentKeyStore(
    base64Keys: [AESGCMFieldCipher.defaultKeyIdentifier: base64])
  return store
}

// RSAPrivateKey
private func decryptingAPIN(privatePEM: String, encryptedPIN: Data) throws -> Data {
  let key = try RSAPrivateKey(pem: privatePEM)
  let pin = try key.decrypt(encryptedPIN)
  return pin
}

// RSAPublicKey
private func encryptingAPIN(serverPEM: String, pin: String) throws -> String {
  let key = try RSAPublicKey(pem: serverPEM)
  let encryptedPIN = try key.encrypt(Data(pin.utf8)).base64EncodedString()
  return encryptedPIN
}

// SHA256RequestSigner
private func signing(apiKey: String) throws -> String {
  let signature = try SHA256RequestSigner().signature(apiKey: apiKey, timestamp: "1800000000")
  return signature
}

// HMACSHA256
private func authenticating(message: Data) throws -> Data {
  let mac = try HMACSHA256(key: Data("secret".utf8)).authenticationCode(for: message)
  return mac
}

// AESGCM
private func sealing() throws -> Data {
  let key = try SecureRandom.bytes(count: AESGCM.keyByteCount)
  let sealed = try AESGCM.seal(Data("secret".utf8), key: key)
  let opened = try AESGCM.open(sealed, key: key)
  return opened
}

// SecurityModule
private func fieldCipher(configuration: LoyaltyConfiguration) async throws {
  let client = try await LoyaltyClient.start(
    configuration, modules: [SecurityModule(), StoreModule(), NetworkModule()])
  let cipher = try client.resolve(.fieldCipher)
  _ = cipher
  await client.shutdown()
}

@Suite("Documentation: the security doc-comment blocks run")
struct SecuritySymbolDocTests {
  @Test("AES-GCM opens what it sealed; the signers sign")
  func runs() throws {
    #expect(try sealing() == Data("secret".utf8))
    #expect(try !signing(apiKey: "key").isEmpty)
    #expect(try !authenticating(message: Data("message".utf8)).isEmpty)
  }
}
