import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltySecurity

/// The pure-Swift DER conversions, checked against the bytes the `openssl` tool wrote
/// (``RSAKeyFormats``) and against the OpenSSL-backed ``RSAPublicKey``.
@Suite("RSAKeyDER")
struct RSAKeyDERTests {
  /// One OpenSSL-made key in its four PEM forms.
  struct Key: Sendable, CustomTestStringConvertible {
    /// The modulus size `openssl genpkey` was asked for.
    let bitCount: Int
    /// `-----BEGIN PUBLIC KEY-----`.
    let spki: String
    /// `-----BEGIN RSA PUBLIC KEY-----`.
    let publicPKCS1: String
    /// `-----BEGIN PRIVATE KEY-----`.
    let pkcs8: String
    /// `-----BEGIN RSA PRIVATE KEY-----`.
    let privatePKCS1: String
    /// `2048-bit`, in test output.
    var testDescription: String { "\(bitCount)-bit" }

    /// Both keys.
    static let all = [
      Key(
        bitCount: 2_048, spki: RSAKeyFormats.rsa2048PublicKeySPKI,
        publicPKCS1: RSAKeyFormats.rsa2048PublicKeyPKCS1,
        pkcs8: RSAKeyFormats.rsa2048PrivateKeyPKCS8,
        privatePKCS1: RSAKeyFormats.rsa2048PrivateKeyPKCS1),
      Key(
        bitCount: 3_072, spki: RSAKeyFormats.rsa3072PublicKeySPKI,
        publicPKCS1: RSAKeyFormats.rsa3072PublicKeyPKCS1,
        pkcs8: RSAKeyFormats.rsa3072PrivateKeyPKCS8,
        privatePKCS1: RSAKeyFormats.rsa3072PrivateKeyPKCS1),
    ]
  }

  /// The DER inside a fixture's PEM.
  static func der(_ pem: String) throws -> Data {
    try PEMDocument(pem, kind: "test").der
  }

  /// A function of this suite, applied to DER, for the error tests.
  struct Reading: Sendable, CustomTestStringConvertible {
    /// The structure read, in test output.
    let name: String
    /// A valid input, from OpenSSL.
    let pem: String
    /// The function under test.
    let read: @Sendable (Data) throws -> Void
    /// The name.
    var testDescription: String { name }

    /// One reading function for each of the four structures.
    static let all = [
      Reading(name: "SubjectPublicKeyInfo", pem: RSAKeyFormats.rsa2048PublicKeySPKI) {
        _ = try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: $0)
      },
      Reading(name: "PKCS #8", pem: RSAKeyFormats.rsa2048PrivateKeyPKCS8) {
        _ = try RSAKeyDER.privateKey(fromPrivateKeyInfo: $0)
      },
      Reading(name: "PKCS #1 public", pem: RSAKeyFormats.rsa2048PublicKeyPKCS1) {
        _ = try RSAKeyDER.modulusBitCount(ofPublicKey: $0)
      },
      Reading(name: "PKCS #1 private", pem: RSAKeyFormats.rsa2048PrivateKeyPKCS1) {
        _ = try RSAKeyDER.modulusBitCount(ofPrivateKey: $0)
      },
    ]
  }

  /// The bytes of an RSAPublicKey with `modulus` and exponent 65537.
  static func publicKey(modulus: [UInt8], exponent: [UInt8] = [1, 0, 1]) -> Data {
    Data(
      DERWriter.sequence(
        DERWriter.element(.integer, modulus), DERWriter.element(.integer, exponent)))
  }

  @Test(
    "unwraps OpenSSL's SubjectPublicKeyInfo to its PKCS #1 and wraps it back", arguments: Key.all)
  func subjectPublicKeyInfo(key: Key) throws {
    let pkcs1 = try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: Self.der(key.spki))
    #expect(try pkcs1 == Self.der(key.publicPKCS1))
    #expect(try RSAKeyDER.subjectPublicKeyInfo(publicKey: pkcs1) == Self.der(key.spki))
  }

  @Test("unwraps OpenSSL's PKCS #8 to its PKCS #1 and wraps it back", arguments: Key.all)
  func privateKeyInfo(key: Key) throws {
    let pkcs1 = try RSAKeyDER.privateKey(fromPrivateKeyInfo: Self.der(key.pkcs8))
    #expect(try pkcs1 == Self.der(key.privatePKCS1))
    #expect(try RSAKeyDER.privateKeyInfo(privateKey: pkcs1) == Self.der(key.pkcs8))
  }

  @Test("encodes PEM exactly as OpenSSL writes it")
  func encodesPEM() throws {
    let all = Key.all.flatMap { [$0.spki, $0.publicPKCS1, $0.pkcs8, $0.privatePKCS1] }
    for pem in all + [RSAKeyFormats.ecP256PublicKeySPKI] {
      let document = try PEMDocument(pem, kind: "test")
      #expect(PEMDocument.encode(label: document.label, der: document.der) == pem + "\n")
    }
    #expect(PEMDocument.encode(label: "X", der: Data()) == "-----BEGIN X-----\n-----END X-----\n")
    let line = PEMDocument.encode(label: "X", der: Data(count: 48)).split(separator: "\n")
    #expect(line.count == 3 && line[1].count == 64)
  }

  @Test("counts the modulus bits as OpenSSL does", arguments: Key.all)
  func modulusBitCount(key: Key) throws {
    let publicBits = try RSAKeyDER.modulusBitCount(ofPublicKey: Self.der(key.publicPKCS1))
    let privateBits = try RSAKeyDER.modulusBitCount(ofPrivateKey: Self.der(key.privatePKCS1))
    #expect(publicBits == key.bitCount)
    #expect(privateBits == key.bitCount)
    #expect(try RSAPublicKey(pem: key.spki).bitCount == publicBits)
    #expect(try RSAPrivateKey(pem: key.pkcs8).bitCount == privateBits)
    #expect(try RSAKeyDER.modulusBitCount(ofPublicKey: Self.publicKey(modulus: [0x01])) == 1)
    #expect(try RSAKeyDER.modulusBitCount(ofPublicKey: Self.publicKey(modulus: [0x00, 0x80])) == 8)
  }

  @Test("PEMs made in Swift decode with OpenSSL to the same key", arguments: Key.all)
  func openSSLReadsSwiftPEMs(key: Key) throws {
    let pkcs1 = try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: Self.der(key.spki))
    let spkiPEM = PEMDocument.encode(
      label: "PUBLIC KEY", der: RSAKeyDER.subjectPublicKeyInfo(publicKey: pkcs1))
    let pkcs1PEM = PEMDocument.encode(label: "RSA PUBLIC KEY", der: pkcs1)
    #expect(try RSAPublicKey(pem: spkiPEM).pemRepresentation() == key.spki + "\n")
    #expect(try RSAPublicKey(pem: pkcs1PEM).pemRepresentation() == key.spki + "\n")
    let pkcs8PEM = try PEMDocument.encode(
      label: "PRIVATE KEY",
      der: RSAKeyDER.privateKeyInfo(privateKey: Self.der(key.privatePKCS1)))
    #expect(pkcs8PEM == key.pkcs8 + "\n")
    #expect(try RSAPrivateKey(pem: pkcs8PEM).publicKey.pemRepresentation() == key.spki + "\n")
  }

  @Test("rejects an elliptic-curve key, naming its algorithm")
  func rejectsECKey() async throws {
    let der = try Self.der(RSAKeyFormats.ecP256PublicKeySPKI)
    let error = await expectLoyaltyError(.invalidPEM) {
      _ = try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: der)
    }
    #expect(error?.message.contains("1.2.840.10045.2.1") == true)
    #expect(error?.message.contains("elliptic-curve") == true)
    #expect(error?.metadata["algorithm"] == "1.2.840.10045.2.1")
  }

  @Test("rejects every truncation with invalidPEM", arguments: Reading.all)
  func rejectsTruncated(reading: Reading) throws {
    let der = try Self.der(reading.pem)
    try reading.read(der)
    for count in 0..<der.count {
      do {
        try reading.read(der.prefix(count))
        Issue.record("The first \(count) bytes were accepted.")
      } catch let error as LoyaltyError {
        #expect(error.code == .invalidPEM, "cut at \(count)")
      }
    }
  }

  @Test("rejects a trailing byte", arguments: Reading.all)
  func rejectsTrailingByte(reading: Reading) async throws {
    let der = try Self.der(reading.pem) + [0x00]
    let error = await expectLoyaltyError(.invalidPEM) { try reading.read(der) }
    #expect(error?.message.contains("1 unexpected byte after the end of") == true)
  }

  @Test("rejects a long-form length that is not minimal")
  func rejectsNonMinimalLength() async throws {
    let spki = try Self.der(RSAKeyFormats.rsa2048PublicKeySPKI)
    #expect(spki.prefix(4) == Data([0x30, 0x82, 0x01, 0x22]))
    let padded = Data([0x30, 0x83, 0x00, 0x01, 0x22]) + spki.dropFirst(4)
    let error = await expectLoyaltyError(.invalidPEM) {
      _ = try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: padded)
    }
    #expect(error?.message.contains("not minimally encoded") == true)
    var reader = DERReader(Data([0x04, 0x81, 0x05, 1, 2, 3, 4, 5]), structure: "test")
    #expect(throws: LoyaltyError.self) { try reader.readOctetString() }
  }

  @Test("rejects a length one past the end")
  func rejectsLengthPastEnd() async throws {
    var spki = try Self.der(RSAKeyFormats.rsa2048PublicKeySPKI)
    spki[spki.startIndex + 3] += 1
    let error = await expectLoyaltyError(.invalidPEM) {
      _ = try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: spki)
    }
    #expect(error?.message.contains("runs past the end") == true)
    #expect(error?.metadata["offset"] == "0")
  }

  @Test("rejects a PKCS #8 of version 1 and a multi-prime PKCS #1 key")
  func rejectsVersions() async throws {
    var pkcs8 = try Self.der(RSAKeyFormats.rsa2048PrivateKeyPKCS8)
    #expect(pkcs8.prefix(7) == Data([0x30, 0x82, 0x04, 0xBB, 0x02, 0x01, 0x00]))
    pkcs8[pkcs8.startIndex + 6] = 1
    let error = await expectLoyaltyError(.invalidPEM) {
      _ = try RSAKeyDER.privateKey(fromPrivateKeyInfo: pkcs8)
    }
    #expect(error?.message.contains("version is 1") == true)
    var pkcs1 = try Self.der(RSAKeyFormats.rsa2048PrivateKeyPKCS1)
    pkcs1[pkcs1.startIndex + 6] = 1
    await expectLoyaltyError(.invalidPEM) { _ = try RSAKeyDER.modulusBitCount(ofPrivateKey: pkcs1) }
  }

  @Test("rejects a public key where a private one is read, and the reverse")
  func rejectsOtherKind() async throws {
    let spki = try Self.der(RSAKeyFormats.rsa2048PublicKeySPKI)
    let pkcs8 = try Self.der(RSAKeyFormats.rsa2048PrivateKeyPKCS8)
    let publicPKCS1 = try Self.der(RSAKeyFormats.rsa2048PublicKeyPKCS1)
    let privatePKCS1 = try Self.der(RSAKeyFormats.rsa2048PrivateKeyPKCS1)
    let cases: [(String, () throws -> Void)] = [
      ("SubjectPublicKeyInfo", { _ = try RSAKeyDER.privateKey(fromPrivateKeyInfo: spki) }),
      ("PrivateKeyInfo", { _ = try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: pkcs8) }),
      ("RSAPublicKey", { _ = try RSAKeyDER.modulusBitCount(ofPrivateKey: publicPKCS1) }),
      ("RSAPrivateKey", { _ = try RSAKeyDER.modulusBitCount(ofPublicKey: privatePKCS1) }),
      ("RSAPublicKey", { _ = try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: publicPKCS1) }),
      ("PrivateKeyInfo", { _ = try RSAKeyDER.modulusBitCount(ofPrivateKey: pkcs8) }),
    ]
    for (found, read) in cases {
      let error = await expectLoyaltyError(.invalidPEM) { try read() }
      #expect(error?.metadata["found"]?.hasSuffix(found) == true, "\(found)")
      #expect(error?.message.contains("was expected") == true)
    }
  }

  @Test("reads length 127 in the short form and 128 in the long form, exactly")
  func lengthBoundary() async throws {
    let short = Data([0x04, 0x7F] + [UInt8](repeating: 7, count: 127))
    let long = Data([0x04, 0x81, 0x80] + [UInt8](repeating: 7, count: 128))
    var reader = DERReader(short, structure: "test")
    #expect(try reader.readOctetString().count == 127)
    try reader.expectEnd(of: "the data")
    reader = DERReader(long, structure: "test")
    #expect(try reader.readOctetString().count == 128)
    try reader.expectEnd(of: "the data")
    #expect(DERWriter.element(.octetString, [UInt8](repeating: 7, count: 127)) == Array(short))
    #expect(DERWriter.element(.octetString, [UInt8](repeating: 7, count: 128)) == Array(long))
    let longForm127 = Data([0x04, 0x81, 0x7F] + [UInt8](repeating: 7, count: 127))
    reader = DERReader(longForm127, structure: "test")
    let error = await expectLoyaltyError(.invalidPEM) { _ = try reader.readOctetString() }
    #expect(error?.message.contains("not minimally encoded") == true)
  }

  @Test("writes minimal lengths")
  func writesLengths() {
    let expected: [(Int, [UInt8])] = [
      (0, [0x00]), (127, [0x7F]), (128, [0x81, 0x80]), (255, [0x81, 0xFF]),
      (256, [0x82, 0x01, 0x00]), (65_535, [0x82, 0xFF, 0xFF]), (65_536, [0x83, 0x01, 0x00, 0x00]),
    ]
    for (count, bytes) in expected {
      #expect(DERWriter.length(count) == bytes, "\(count)")
    }
  }

  @Test("rejects indefinite, over-long and huge lengths, and multi-byte tags")
  func rejectsLengthForms() {
    let inputs: [[UInt8]] = [
      [0x30, 0x80, 0x00, 0x00], [0x30, 0x85, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00],
      [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x00], [0x30, 0x82, 0x00, 0x80], [0x1F, 0x01, 0x00],
      [0x30], [],
    ]
    for input in inputs {
      var reader = DERReader(Data(input), structure: "test")
      #expect(throws: LoyaltyError.self, "\(input)") { try reader.readElement() }
    }
  }

  @Test("decodes and checks object identifiers")
  func objectIdentifiers() throws {
    let oids: [([UInt8], String?)] = [
      ([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01], "1.2.840.113549.1.1.1"),
      ([0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01], "1.2.840.10045.2.1"),
      ([0x2B, 0x65, 0x70], "1.3.101.112"), ([0x88, 0x37, 0x03], "2.999.3"),
      ([], nil), ([0x2A, 0x86], nil), ([0x2A, 0x80, 0x01], nil),
      ([0x2A] + [UInt8](repeating: 0xFF, count: 10) + [0x01], nil),
    ]
    for (content, dotted) in oids {
      var reader = DERReader(Data(DERWriter.element(.objectIdentifier, content)), structure: "t")
      let decoded = try? reader.readObjectIdentifier()
      #expect(decoded == dotted, "\(content)")
    }
  }

  @Test("accepts absent parameters and PKCS #8 attributes; rejects other parameters")
  func optionalParts() throws {
    let pkcs1 = try Self.der(RSAKeyFormats.rsa2048PublicKeyPKCS1)
    let oid = DERWriter.element(
      .objectIdentifier, [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01])
    let key = DERWriter.element(.bitString, [0] + pkcs1)
    let bare = Data(DERWriter.sequence(DERWriter.sequence(oid), key))
    #expect(try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: bare) == pkcs1)
    let withOID = Data(DERWriter.sequence(DERWriter.sequence(oid, oid), key))
    #expect(throws: LoyaltyError.self) {
      try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: withOID)
    }
    let privatePKCS1 = try Self.der(RSAKeyFormats.rsa2048PrivateKeyPKCS1)
    let info = [UInt8](RSAKeyDER.privateKeyInfo(privateKey: privatePKCS1))
    let attributes: [UInt8] = [0xA0, 0x02, 0x31, 0x00]
    let withAttributes = Data(DERWriter.element(.sequence, info.dropFirst(4) + attributes))
    #expect(try RSAKeyDER.privateKey(fromPrivateKeyInfo: withAttributes) == privatePKCS1)
    let withPublicKey = Data(DERWriter.element(.sequence, info.dropFirst(4) + [0xA1, 0x00]))
    #expect(throws: LoyaltyError.self) {
      try RSAKeyDER.privateKey(fromPrivateKeyInfo: withPublicKey)
    }
  }

  @Test("rejects unused bits, and INTEGERs that are not minimal or not positive")
  func rejectsBadValues() async throws {
    var spki = try Self.der(RSAKeyFormats.rsa2048PublicKeySPKI)
    #expect(spki[spki.startIndex + 23] == 0)
    spki[spki.startIndex + 23] = 1
    await expectLoyaltyError(.invalidPEM) {
      _ = try RSAKeyDER.publicKey(fromSubjectPublicKeyInfo: spki)
    }
    let keys = [
      Self.publicKey(modulus: [0x00, 0x00, 0xC5]), Self.publicKey(modulus: [0xFF, 0x85]),
      Self.publicKey(modulus: [0xC5]), Self.publicKey(modulus: [0x00]),
      Self.publicKey(modulus: [0x00, 0xC5], exponent: [0x00]), Self.publicKey(modulus: []),
    ]
    for key in keys {
      await expectLoyaltyError(.invalidPEM) { _ = try RSAKeyDER.modulusBitCount(ofPublicKey: key) }
    }
  }
}
