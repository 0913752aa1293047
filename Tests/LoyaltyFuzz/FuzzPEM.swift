import Foundation
import LoyaltySecurity

enum FuzzPEM {
  static func run(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    if let key = try? RSAPublicKey(pem: text) {
      use(key)
    }
    if let key = try? RSAPrivateKey(pem: text) {
      _ = key.description
      use(key.publicKey)
    }
  }

  private static func use(_ key: RSAPublicKey) {
    _ = key.bitCount
    _ = key.ciphertextByteCount
    _ = try? key.pemRepresentation()
    // Large keys make every input slow; the decoding is what is under test.
    guard key.bitCount <= 4_096 else { return }
    for padding in RSAPadding.allCases {
      let count = min(16, key.maximumPlaintextByteCount(padding: padding))
      let plaintext = Data(repeating: 0x2A, count: count)
      _ = try? key.encrypt(plaintext, padding: padding)
    }
  }
}
