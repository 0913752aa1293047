import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The DER conversions between the RSA key formats, in pure Swift, for every backend.
///
/// The Security framework reads and writes PKCS #1 (`RSAPublicKey`, `RSAPrivateKey`);
/// the SDK's PEM documents are also SubjectPublicKeyInfo (RFC 5280) and PKCS #8
/// `PrivateKeyInfo` (RFC 5208). These functions unwrap and wrap the PKCS #1 key, byte
/// for byte as OpenSSL does, and check the PKCS #1 structure (RFC 8017, appendix A.1).
/// Every reading function throws ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` for
/// malformed DER, trailing bytes, a key of the other kind or a key that is not RSA.
enum RSAKeyDER {
  /// rsaEncryption, 1.2.840.113549.1.1.1 (RFC 8017).
  static let rsaEncryption = "1.2.840.113549.1.1.1"

  /// The `AlgorithmIdentifier` OpenSSL writes for an RSA key: rsaEncryption, `NULL`.
  private static let rsaAlgorithmIdentifier: [UInt8] = [
    0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00,
  ]

  /// Names of the algorithms a key passed for an RSA key most likely has, for messages.
  private static let algorithmNames: [String: String] = [
    "1.2.840.10045.2.1": "an elliptic-curve key",
    "1.2.840.113549.1.1.10": "an RSASSA-PSS key, for signing only",
    "1.2.840.10040.4.1": "a DSA key",
    "1.3.101.110": "an X25519 key",
    "1.3.101.112": "an Ed25519 key",
  ]

  /// The four structures, told apart by the tags of their first elements.
  private enum Structure: String {
    /// `SEQUENCE { AlgorithmIdentifier, BIT STRING }`.
    case subjectPublicKeyInfo = "SubjectPublicKeyInfo"
    /// `SEQUENCE { INTEGER, AlgorithmIdentifier, OCTET STRING, ... }`.
    case privateKeyInfo = "PKCS #8 PrivateKeyInfo"
    /// `SEQUENCE` of two INTEGERs.
    case publicKey = "PKCS #1 RSAPublicKey"
    /// `SEQUENCE` of nine INTEGERs.
    case privateKey = "PKCS #1 RSAPrivateKey"
  }

  // MARK: Wrapped keys

  /// The PKCS #1 `RSAPublicKey` inside a SubjectPublicKeyInfo.
  /// - Parameter der: A SubjectPublicKeyInfo (`-----BEGIN PUBLIC KEY-----`) whose
  ///   algorithm is rsaEncryption with `NULL` or absent parameters.
  /// - Returns: The content of its `subjectPublicKey` BIT STRING, a checked `RSAPublicKey`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM``.
  static func publicKey(fromSubjectPublicKeyInfo der: Data) throws -> Data {
    var info = try open(der, as: .subjectPublicKeyInfo)
    try readRSAAlgorithm(&info)
    let key = Data(try info.readBitString())
    try info.expectEnd(of: "the SubjectPublicKeyInfo")
    _ = try modulusBitCount(ofPublicKey: key)
    return key
  }

  /// The SubjectPublicKeyInfo of a PKCS #1 `RSAPublicKey`, as OpenSSL writes it.
  /// - Parameter pkcs1: A valid `RSAPublicKey`; it is not checked.
  /// - Returns: `SEQUENCE { SEQUENCE { rsaEncryption, NULL }, BIT STRING { pkcs1 } }`.
  static func subjectPublicKeyInfo(publicKey pkcs1: Data) -> Data {
    Data(DERWriter.sequence(rsaAlgorithmIdentifier, DERWriter.element(.bitString, [0] + pkcs1)))
  }

  /// The PKCS #1 `RSAPrivateKey` inside a PKCS #8 `PrivateKeyInfo`.
  ///
  /// Only version 0 is read (RFC 5208; not the version 1 `OneAsymmetricKey` of
  /// RFC 5958). Attributes (`[0]`) after the key are allowed and ignored.
  /// - Parameter der: A `PrivateKeyInfo` (`-----BEGIN PRIVATE KEY-----`) whose algorithm
  ///   is rsaEncryption with `NULL` or absent parameters.
  /// - Returns: The content of its `privateKey` OCTET STRING, a checked `RSAPrivateKey`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM``.
  static func privateKey(fromPrivateKeyInfo der: Data) throws -> Data {
    var info = try open(der, as: .privateKeyInfo)
    let offset = info.offset
    let version = try info.readInteger()
    guard version.elementsEqual([0]) else {
      throw info.failure(
        "the version is \(describe(version)); only version 0 is supported", at: offset)
    }
    try readRSAAlgorithm(&info)
    let key = Data(try info.readOctetString())
    if info.nextTag == 0xA0 {
      _ = try info.readElement()
    }
    try info.expectEnd(of: "the PrivateKeyInfo")
    _ = try modulusBitCount(ofPrivateKey: key)
    return key
  }

  /// The PKCS #8 `PrivateKeyInfo` of a PKCS #1 `RSAPrivateKey`, as OpenSSL writes it.
  /// - Parameter pkcs1: A valid `RSAPrivateKey`; it is not checked.
  /// - Returns: `SEQUENCE { INTEGER 0, SEQUENCE { rsaEncryption, NULL }, OCTET STRING
  ///   { pkcs1 } }`, without attributes.
  static func privateKeyInfo(privateKey pkcs1: Data) -> Data {
    Data(
      DERWriter.sequence(
        DERWriter.element(.integer, [0]), rsaAlgorithmIdentifier,
        DERWriter.element(.octetString, pkcs1)))
  }

  // MARK: PKCS #1

  /// The modulus size in bits of a PKCS #1 `RSAPublicKey`.
  /// - Parameter pkcs1: `SEQUENCE { modulus INTEGER, publicExponent INTEGER }`, both
  ///   positive.
  /// - Returns: The bit length of the modulus: 2048, 3072, ...
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when `pkcs1` is not that.
  static func modulusBitCount(ofPublicKey pkcs1: Data) throws -> Int {
    var key = try open(pkcs1, as: .publicKey)
    let numbers = try readPositiveIntegers(&key)
    guard numbers.count == 2 else {
      throw key.failure(
        "it has \(numbers.count) INTEGERs; an RSAPublicKey has 2 (modulus, public exponent)",
        at: 0)
    }
    return bitCount(of: numbers[0])
  }

  /// The modulus size in bits of a PKCS #1 `RSAPrivateKey`.
  /// - Parameter pkcs1: `SEQUENCE { version INTEGER (0), modulus, publicExponent,
  ///   privateExponent, prime1, prime2, exponent1, exponent2, coefficient }`, the eight
  ///   numbers positive. Multi-prime keys (version 1) are not supported.
  /// - Returns: The bit length of the modulus: 2048, 3072, ...
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when `pkcs1` is not that.
  static func modulusBitCount(ofPrivateKey pkcs1: Data) throws -> Int {
    var key = try open(pkcs1, as: .privateKey)
    let offset = key.offset
    let version = try key.readInteger()
    guard version.elementsEqual([0]) else {
      throw key.failure(
        "the version is \(describe(version)); only version 0 (two primes) is supported",
        at: offset)
    }
    let numbers = try readPositiveIntegers(&key)
    guard numbers.count == 8 else {
      throw key.failure(
        "it has \(numbers.count + 1) INTEGERs; an RSAPrivateKey has 9 (version, 8 numbers)",
        at: 0)
    }
    return bitCount(of: numbers[0])
  }

  // MARK: Helpers

  /// A reader over the elements of the `SEQUENCE` that must be all of `der`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when `der` is not one
  ///   `SEQUENCE`, or is recognisably another of the four structures.
  private static func open(_ der: Data, as structure: Structure) throws -> DERReader {
    var outer = DERReader(der, structure: structure.rawValue)
    let sequence = try outer.readSequence()
    try outer.expectEnd(of: "the \(structure.rawValue)")
    if let found = recognise(sequence), found != structure {
      throw LoyaltyError(
        .invalidPEM,
        "The DER holds a \(found.rawValue), where a \(structure.rawValue) was expected.",
        recoverySuggestion: "Pass the public key where a public key is read, and the private "
          + "key where a private key is read.",
        metadata: ["structure": structure.rawValue, "found": found.rawValue])
    }
    return sequence
  }

  /// Which structure `sequence` holds, judged by the tags of its elements alone.
  private static func recognise(_ sequence: DERReader) -> Structure? {
    var copy = sequence
    var tags: [UInt8] = []
    while tags.count < 10, let element = try? copy.readElement() {
      tags.append(element.tag)
    }
    let integerTag = DERReader.Tag.integer.rawValue
    let sequenceTag = DERReader.Tag.sequence.rawValue
    if tags.starts(with: [integerTag, sequenceTag]) { return .privateKeyInfo }
    if tags.first == sequenceTag { return .subjectPublicKeyInfo }
    guard tags.allSatisfy({ $0 == integerTag }) else { return nil }
    return tags.count == 2 ? .publicKey : tags.count == 9 ? .privateKey : nil
  }

  /// Reads `AlgorithmIdentifier { rsaEncryption, NULL or nothing }` from `info`.
  private static func readRSAAlgorithm(_ info: inout DERReader) throws {
    var algorithm = try info.readSequence()
    let identifier = try algorithm.readObjectIdentifier()
    guard identifier == rsaEncryption else {
      let name = algorithmNames[identifier] ?? "a key of another algorithm"
      throw LoyaltyError(
        .invalidPEM,
        "The \(info.structure) holds \(name) (algorithm \(identifier)), not an RSA key "
          + "(rsaEncryption, \(rsaEncryption)).",
        recoverySuggestion: "Pass the RSA key the server publishes; other algorithms are not "
          + "supported.",
        metadata: ["structure": info.structure, "algorithm": identifier])
    }
    if !algorithm.isAtEnd {
      try algorithm.readNull()
    }
    try algorithm.expectEnd(of: "the AlgorithmIdentifier")
  }

  /// Reads the remaining elements of `key`, which must be positive INTEGERs.
  private static func readPositiveIntegers(_ key: inout DERReader) throws -> [ArraySlice<UInt8>] {
    var numbers: [ArraySlice<UInt8>] = []
    while !key.isAtEnd {
      let offset = key.offset
      let number = try key.readInteger()
      guard number[number.startIndex] < 0x80, !number.elementsEqual([0]) else {
        throw key.failure("a number of the key is \(describe(number)), not positive", at: offset)
      }
      numbers.append(number)
    }
    return numbers
  }

  /// The bit length of a positive, minimally encoded INTEGER.
  private static func bitCount(of number: ArraySlice<UInt8>) -> Int {
    let magnitude = number.drop { $0 == 0 }
    guard let top = magnitude.first else { return 0 }
    return magnitude.count * 8 - top.leadingZeroBitCount
  }

  /// A short description of an INTEGER's value, for messages: its value when small.
  private static func describe(_ integer: ArraySlice<UInt8>) -> String {
    if integer[integer.startIndex] >= 0x80 { return "negative" }
    guard integer.count <= 4 else { return "a \(integer.count)-byte number" }
    return String(integer.reduce(0) { $0 << 8 | Int($1) })
  }
}
