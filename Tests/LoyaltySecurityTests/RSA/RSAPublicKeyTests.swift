import Foundation
import LoyaltyCore
import LoyaltySecurity
import Testing

@Suite("RSAPublicKey")
struct RSAPublicKeyTests {
  @Test("decodes SubjectPublicKeyInfo and PKCS #1 PEMs to the same key")
  func decodes() throws {
    let spki = try RSAPublicKey(pem: RSATestKeys.publicKeySPKI)
    let pkcs1 = try RSAPublicKey(pem: RSATestKeys.publicKeyPKCS1)
    #expect(spki.bitCount == 2_048)
    #expect(spki.ciphertextByteCount == 256)
    #expect(pkcs1.bitCount == 2_048)
    let exported = try spki.pemRepresentation()
    #expect(exported.hasPrefix("-----BEGIN PUBLIC KEY-----"))
    #expect(try pkcs1.pemRepresentation() == exported)
    #expect(
      exported.trimmingCharacters(in: .whitespacesAndNewlines)
        == RSATestKeys.publicKeySPKI.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test("accepts CRLF line endings, indentation and text around the block")
  func lenientLayout() throws {
    let crlf = RSATestKeys.publicKeySPKI.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(try RSAPublicKey(pem: crlf).bitCount == 2_048)
    let indented = RSATestKeys.publicKeySPKI.split(separator: "\n").map { "  \($0)  " }
      .joined(separator: "\n")
    #expect(try RSAPublicKey(pem: indented).bitCount == 2_048)
    let wrapped = "Server key, rotated yearly:\n\n" + RSATestKeys.publicKeySPKI + "\n\nend\n"
    #expect(try RSAPublicKey(pem: wrapped).bitCount == 2_048)
  }

  /// A named PEM input, shown by name in test output.
  struct PEMCase: Sendable, CustomTestStringConvertible {
    let name: String
    let pem: String
    var testDescription: String { name }
  }

  static let malformed: [PEMCase] = {
    let pem = RSATestKeys.publicKeySPKI
    let lines: [String] = pem.split(separator: "\n").map(String.init)
    let begin: String = lines[0]
    let end: String = lines[lines.count - 1]
    let body: [String] = Array(lines.dropFirst().dropLast())
    let reversedBody: [String] = body.map { String($0.reversed()) }
    var cases: [PEMCase] = []
    cases.append(PEMCase(name: "empty", pem: ""))
    cases.append(PEMCase(name: "whitespace", pem: "  \n\t\n"))
    cases.append(PEMCase(name: "garbage", pem: "this is not a key"))
    cases.append(PEMCase(name: "base64 without armour", pem: body.joined()))
    cases.append(
      PEMCase(
        name: "truncated base64",
        pem: ([begin] + body.dropLast(2) + [end]).joined(separator: "\n")))
    cases.append(PEMCase(name: "cut mid-line", pem: String(pem.prefix(150))))
    cases.append(
      PEMCase(name: "missing END line", pem: lines.dropLast().joined(separator: "\n")))
    cases.append(
      PEMCase(
        name: "corrupted base64", pem: pem.replacingOccurrences(of: "A", with: "*")))
    cases.append(
      PEMCase(
        name: "valid base64, damaged DER",
        pem: ([begin] + reversedBody + [end]).joined(separator: "\n")))
    cases.append(
      PEMCase(name: "private key passed as public", pem: RSATestKeys.privateKeyPKCS8))
    cases.append(
      PEMCase(name: "PKCS #1 private key passed as public", pem: RSATestKeys.privateKeyPKCS1))
    cases.append(
      PEMCase(
        name: "wrong header",
        pem: pem.replacingOccurrences(of: "PUBLIC KEY", with: "CERTIFICATE")))
    cases.append(
      PEMCase(
        name: "mismatched END label",
        pem: pem.replacingOccurrences(
          of: "-----END PUBLIC KEY-----", with: "-----END RSA PUBLIC KEY-----")))
    cases.append(PEMCase(name: "elliptic-curve key", pem: RSATestKeys.ecPublicKey))
    cases.append(
      PEMCase(
        name: "encryption headers",
        pem: ([begin, "Proc-Type: 4,ENCRYPTED"] + body + [end]).joined(separator: "\n")))
    return cases
  }()

  @Test("rejects malformed PEM with invalidPEM", arguments: malformed)
  func rejectsMalformed(input: PEMCase) async throws {
    let error = await expectLoyaltyError(.invalidPEM) { _ = try RSAPublicKey(pem: input.pem) }
    #expect(error?.message.isEmpty == false, "\(input.name)")
  }

  @Test("encrypts with OAEP by default, differently each time")
  func encrypts() throws {
    let key = try RSAPublicKey(pem: RSATestKeys.publicKeySPKI)
    let first = try key.encrypt(Data("1234".utf8))
    let second = try key.encrypt(Data("1234".utf8))
    #expect(first.count == 256)
    #expect(first != second)
    #expect(try key.encrypt(Data("1234".utf8), padding: .pkcs1v15).count == 256)
  }

  @Test("limits the plaintext to what the padding allows", arguments: RSAPadding.allCases)
  func plaintextLimit(padding: RSAPadding) async throws {
    let key = try RSAPublicKey(pem: RSATestKeys.publicKeySPKI)
    let maximum = key.maximumPlaintextByteCount(padding: padding)
    #expect(maximum == (padding == .oaepSHA256 ? 190 : 245))
    #expect(try key.encrypt(Data(count: maximum), padding: padding).count == 256)
    #expect(try key.encrypt(Data(), padding: padding).count == 256)
    await expectLoyaltyError(.invalidArgument) {
      _ = try key.encrypt(Data(count: maximum + 1), padding: padding)
    }
  }
}
