import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySecurity
import LoyaltyStore
import LoyaltyURLSession

// The blocks of Docs/Security.md.

private func securedClient(configuration: LoyaltyConfiguration) async throws -> LoyaltyClient {
  let client = try await LoyaltyClient.start(
    configuration,
    modules: [SecurityModule(), StoreModule(), NetworkModule(transport: .urlSession)])
  return client
}

private func encryptingAPIN(serverPublicKeyPEM: String, pin: String) throws -> [Data] {
  let key = try RSAPublicKey(pem: serverPublicKeyPEM)  // "PUBLIC KEY" or "RSA PUBLIC KEY"
  let encryptedPIN = try key.encrypt(Data(pin.utf8))  // OAEP with SHA-256
  let legacy = try key.encrypt(Data(pin.utf8), padding: .pkcs1v15)
  return [encryptedPIN, legacy]
}
