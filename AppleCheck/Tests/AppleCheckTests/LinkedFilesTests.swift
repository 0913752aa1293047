import Foundation
import Testing

@testable import LoyaltySecurityCryptoKit

/// SwiftPM leaves a source out silently when its symbolic link does not resolve. Each
/// linked file is named here by a symbol it declares, so a file left out fails the build
/// of this test; and the folder's files are compared with this list, so a file linked
/// later is named here too.
@Suite("Every linked file is compiled")
struct LinkedFilesTests {
  /// A symbol of each file of `Sources/LoyaltySecurityCryptoKit`.
  static let symbols: [String: Any.Type] = [
    "AESGCM.swift": LoyaltySecurityCryptoKit.AESGCM.self,
    "CryptoBackend.swift": PlatformCrypto.self,
    "CryptoKitBackend.swift": CryptoKitBackend.self,
    "CryptoLibrary.swift": CryptoLibrary.self,
    "HMACRequestSigner.swift": LoyaltySecurityCryptoKit.HMACRequestSigner.self,
    "HMACSHA256.swift": LoyaltySecurityCryptoKit.HMACSHA256.self,
    "HexEncoding.swift": LoyaltySecurityCryptoKit.HexEncoding.self,
    "InMemoryKeyStore.swift": LoyaltySecurityCryptoKit.InMemoryKeyStore.self,
    "KeyStoreValidation.swift": LoyaltySecurityCryptoKit.KeyStoreValidation.self,
    "SHA256.swift": LoyaltySecurityCryptoKit.SHA256.self,
    "SHA256RequestSigner.swift": LoyaltySecurityCryptoKit.SHA256RequestSigner.self,
    "SealedBoxCipher.swift": LoyaltySecurityCryptoKit.SealedBoxCipher.self,
    "SecureRandom.swift": LoyaltySecurityCryptoKit.SecureRandom.self,
  ]

  @Test("the folder holds exactly the files named here, each a link into Sources")
  func folderMatches() throws {
    let folder = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/LoyaltySecurityCryptoKit")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(Set(files) == Set(Self.symbols.keys))
    for file in files {
      let destination = try FileManager.default.destinationOfSymbolicLink(
        atPath: folder.appendingPathComponent(file).path)
      #expect(destination.hasPrefix("../../../Sources/LoyaltySecurity/"), "\(file)")
      #expect(
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path),
        "\(file) resolves")
    }
  }

  @Test("the backend is CryptoKit's: PlatformCrypto is CryptoKitBackend, with no OpenSSL")
  func backendIsCryptoKit() {
    #expect(PlatformCrypto.self == CryptoKitBackend.self)
    #expect(CryptoLibrary.version == "CryptoKit")
    #expect(CryptoLibrary.openSSLVersionNumber == nil)
  }
}
