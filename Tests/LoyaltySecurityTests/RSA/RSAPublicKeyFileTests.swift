import Foundation
import LoyaltyCore
import LoyaltySecurity
import Testing

@Suite("RSAPublicKey from a file")
struct RSAPublicKeyFileTests {
  @Test("a PEM file that exists decodes to the same key as its text")
  func existing() throws {
    let folder = try TemporaryDirectory("pem")
    defer { folder.remove() }
    let url = folder.appending("server.pem")
    try Data(RSATestKeys.publicKeySPKI.utf8).write(to: url)
    let fromFile = try RSAPublicKey(contentsOf: url)
    #expect(fromFile.bitCount == 2_048)
    #expect(
      try fromFile.pemRepresentation()
        == RSAPublicKey(pem: RSATestKeys.publicKeySPKI).pemRepresentation())
  }

  @Test("a PEM file with CRLF line endings decodes")
  func crlf() throws {
    let folder = try TemporaryDirectory("pem")
    defer { folder.remove() }
    let url = folder.appending("server.pem")
    let crlf = RSATestKeys.publicKeySPKI.replacingOccurrences(of: "\n", with: "\r\n")
    try Data(crlf.utf8).write(to: url)
    #expect(try RSAPublicKey(contentsOf: url).bitCount == 2_048)
  }

  @Test("a missing file is configurationFile, its path in the message")
  func missing() async throws {
    let folder = try TemporaryDirectory("pem")
    defer { folder.remove() }
    let url = folder.appending("absent.pem")
    let error = await expectLoyaltyError(.configurationFile) {
      _ = try RSAPublicKey(contentsOf: url)
    }
    #expect(error?.message.contains(url.path) == true)
    #expect(error?.metadata["path"] == url.path)
  }

  @Test("an empty file, garbage, DER bytes and a private key are invalidPEM")
  func malformed() async throws {
    let folder = try TemporaryDirectory("pem")
    defer { folder.remove() }
    let der =
      Data(
        base64Encoded: RSATestKeys.publicKeySPKI.split(separator: "\n")
          .filter { !$0.hasPrefix("-----") }.joined()) ?? Data()
    let cases: [(String, Data)] = [
      ("empty", Data()),
      ("garbage", Data("not a key at all\n".utf8)),
      ("der", der),
      ("private", Data(RSATestKeys.privateKeyPKCS8.utf8)),
    ]
    for (name, bytes) in cases {
      let url = folder.appending("\(name).pem")
      try bytes.write(to: url)
      await expectLoyaltyError(.invalidPEM) { _ = try RSAPublicKey(contentsOf: url) }
    }
  }

  @Test("a resource is found by its name, or its name with .pem; else configurationFile")
  func resource() async throws {
    let folder = try TemporaryDirectory("pem")
    defer { folder.remove() }
    try Data(RSATestKeys.publicKeyPKCS1.utf8).write(to: folder.appending("server-key.pem"))
    #expect(try RSAPublicKey(resource: "server-key", at: folder.url).bitCount == 2_048)
    #expect(try RSAPublicKey(resource: "server-key.pem", at: folder.url).bitCount == 2_048)
    let error = await expectLoyaltyError(.configurationFile) {
      _ = try RSAPublicKey(resource: "other-key", at: folder.url)
    }
    #expect(error?.message.contains(folder.appending("other-key.pem").path) == true)
  }

  @Test("a folder where the file should be is configurationFile")
  func folderInstead() async throws {
    let folder = try TemporaryDirectory("pem")
    defer { folder.remove() }
    let inner = folder.appending("server.pem")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
    await expectLoyaltyError(.configurationFile) { _ = try RSAPublicKey(contentsOf: inner) }
  }
}
