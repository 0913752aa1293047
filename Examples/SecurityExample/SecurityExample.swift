import LoyaltyCore
import LoyaltySecurity

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `swift run example-security`: LoyaltySecurity. The AES-256-GCM field cipher and what
/// it does with tampered data, the three key stores, request signatures, a PIN
/// encrypted for the server with its RSA public key, and reading a JWT.
@main
struct SecurityExample {
  static func main() async {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-security-example-\(UUID().uuidString)", isDirectory: true)
    do {
      try await run(keys: directory.appendingPathComponent("keys", isDirectory: true))
      try? FileManager.default.removeItem(at: directory)
      print("\nexample-security: done.")
    } catch {
      try? FileManager.default.removeItem(at: directory)
      var message = "example-security failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static func run(keys: URL) async throws {
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      apiKey: "example-security-api-key",
      bundleID: "com.example.security-example",
      language: "en",
      preset: .production)
    let client = try await LoyaltyClient.start(
      configuration, modules: [SecurityModule(keyStore: .directory(keys))])

    try await fieldCipher(client, keys: keys)
    try await keyStores()
    try signatures(apiKey: configuration.apiKey)
    try await rsa()
    try await jwt()
    await client.shutdown()
  }

  static func fieldCipher(_ client: LoyaltyClient, keys: URL) async throws {
    print("== Field cipher: AES-256-GCM")
    let cipher = try client.resolve(.fieldCipher)
    let secret = Data("refresh-token-0123456789".utf8)
    // The first seal creates the key in the key store.
    let sealed = try await cipher.seal(secret)
    let opened = try await cipher.open(sealed)
    try check(opened == secret, "the cipher did not round-trip")
    let again = try await cipher.seal(secret)
    print("sealed \(secret.count) bytes into \(sealed.count) (nonce + ciphertext + tag); opened")
    print("sealing the same bytes again gives a different box: \(again != sealed)")

    // One changed bit anywhere, or a wrong key, fails authentication: no plaintext.
    var tampered = sealed
    tampered[tampered.count / 2] ^= 0x01
    try await expectError(.decryptionFailed, "a tampered box") {
      _ = try await cipher.open(tampered)
    }
    try await expectError(.invalidCiphertext, "a truncated box") {
      _ = try await cipher.open(sealed.prefix(10))
    }

    // The file key store wrote the key owner-only.
    let keyFile = keys.appendingPathComponent(AESGCMFieldCipher.defaultKeyIdentifier)
    let attributes = try FileManager.default.attributesOfItem(atPath: keyFile.path)
    let mode: Int
    switch attributes[.posixPermissions] {
    case let value as UInt: mode = Int(value)
    case let value as Int: mode = value
    default: mode = 0
    }
    print("key file \(keyFile.lastPathComponent): mode \(String(mode, radix: 8))")
    try check(mode == 0o600, "the key file is readable by others")
  }

  static func keyStores() async throws {
    print("\n== Key stores")
    // In memory: for tests and processes that must not persist keys.
    let memory = InMemoryKeyStore()
    let key = try await memory.key(for: "example-key", creatingWithByteCount: AESGCM.keyByteCount)
    let same = try await memory.key(for: "example-key", creatingWithByteCount: AESGCM.keyByteCount)
    print("in memory: a \(key.count)-byte key, the same on every ask: \(key == same)")

    // From the environment: the host supplies the key (base64), the store never creates one.
    let supplied = try SecureRandom.bytes(count: AESGCM.keyByteCount).base64EncodedString()
    let environment = try EnvironmentKeyStore(
      base64Keys: [AESGCMFieldCipher.defaultKeyIdentifier: supplied])
    print("environment: \(environment)")
    try await expectError(.invalidKey, "a key the host did not supply") {
      _ = try await environment.key(for: "other-key", creatingWithByteCount: 32)
    }

    // Any key store can back the cipher; AESGCM also works with a key you manage.
    let cipher = AESGCMFieldCipher(keyStore: environment)
    let box = try await cipher.seal(Data("hello".utf8))
    let explicitKey = try SecureRandom.bytes(count: AESGCM.keyByteCount)
    let explicit = try AESGCM.open(
      AESGCM.seal(Data("hello".utf8), key: explicitKey), key: explicitKey)
    print(
      "cipher over the environment store: \(try await cipher.open(box) == Data("hello".utf8)); "
        + "AESGCM with an explicit key: \(explicit == Data("hello".utf8))")
  }

  static func signatures(apiKey: String) throws {
    print("\n== Request signatures")
    let timestamp = "1800000000"
    let sha256 = try SHA256RequestSigner().signature(apiKey: apiKey, timestamp: timestamp)
    let portable = try PortableRequestSigner().signature(apiKey: apiKey, timestamp: timestamp)
    let hmac = try HMACRequestSigner().signature(apiKey: apiKey, timestamp: timestamp)
    print("SHA-256 (the platform's): \(sha256.prefix(16))...")
    print("Core's portable SHA-256 agrees: \(portable == sha256)")
    print("HMAC-SHA256 (SecurityModule(signer: .hmac)): \(hmac.prefix(16))...")
    try check(portable == sha256, "the OpenSSL and portable signers disagree")
  }

  static func rsa() async throws {
    print("\n== A PIN encrypted with the server's RSA public key")
    // The server keeps the private key; here we make a pair to play both sides.
    let serverKey = try RSAPrivateKey.generate(bitCount: 2_048)
    let pem = try serverKey.publicKey.pemRepresentation()
    print("public key PEM: \(pem.split(separator: "\n").first ?? "")")

    // What an app does with the PEM it was given:
    let publicKey = try RSAPublicKey(pem: pem)
    let pin = Data("4821".utf8)
    let encrypted = try publicKey.encrypt(pin)  // OAEP with SHA-256
    print(
      "encrypted PIN: \(encrypted.count) bytes, base64 \(encrypted.base64EncodedString().prefix(24))..."
    )

    // What the server does:
    let decrypted = try serverKey.decrypt(encrypted)
    print("the server decrypts it: \(decrypted == pin)")
    try check(decrypted == pin, "the PIN did not survive RSA")
    try await expectError(.invalidPEM, "a malformed PEM") { _ = try RSAPublicKey(pem: "not a key") }
  }

  static func jwt() async throws {
    print("\n== Reading a JWT")
    // A token as a server would send it (the signature is not checked on the client).
    let header = Base64URL.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
    let claims = Base64URL.encode(
      Data(#"{"sub":"user-42","iss":"loyalty","iat":1800000000,"exp":1800003600}"#.utf8))
    let token = try JSONWebToken("\(header).\(claims).c2lnbmF0dXJl")
    let now = Date(timeIntervalSince1970: 1_800_000_600)
    print(
      "subject \(token.subject ?? "-"), issuer \(token.issuer ?? "-"), algorithm \(token.algorithm ?? "-")"
    )
    print(
      "expires at \(token.expiresAt.map { "\($0)" } ?? "-"); expired 10 minutes in: \(token.isExpired(at: now))"
    )
    print("its description names claims, never values: \(token)")
    try await expectError(.malformedJWT, "a malformed token") { _ = try JSONWebToken("abc.def") }
  }

  /// Runs `body` and checks it fails with `code`.
  static func expectError(
    _ code: LoyaltyError.Code, _ what: String, _ body: () async throws -> Void
  ) async throws {
    do {
      try await body()
    } catch let error as LoyaltyError where error.code == code {
      print("\(what): \(error.code.name)")
      return
    }
    throw ExampleFailure("\(what) was accepted")
  }
}

/// Stops the example with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: String) throws {
  guard condition else { throw ExampleFailure(message) }
}

/// What went wrong in the example.
struct ExampleFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
