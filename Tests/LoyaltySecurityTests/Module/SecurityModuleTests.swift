import Foundation
import LoyaltyCore
import LoyaltySecurity
import LoyaltyTestSupport
import Testing

@Suite("SecurityModule")
struct SecurityModuleTests {
  static func configuration(directory: URL? = nil) -> LoyaltyConfiguration {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", apiKey: "test-api-key",
      bundleID: "com.example.security", preset: .testing)
    configuration.turnOnAnalyticsAndRegistration()
    configuration.database.directory = directory?.path
    configuration.logging.level = .verbose
    return configuration
  }

  /// Starts a client whose logs go to memory rather than standard error.
  static func start(
    _ modules: [any LoyaltyModule], directory: URL? = nil,
    overrides: CapabilityOverrides = CapabilityOverrides(),
    logs: InMemoryLogHandler = InMemoryLogHandler()
  ) async throws -> LoyaltyClient {
    var overrides = overrides
    if !overrides.keys.contains(CapabilityKey.logHandler.erased) {
      overrides.override(.logHandler, with: logs)
    }
    return try await LoyaltyClient.start(
      configuration(directory: directory), modules: modules, overrides: overrides)
  }

  @Test("declares its identity, and its capabilities by registering them")
  func declarations() async throws {
    let module = SecurityModule(keyStore: .inMemory)
    #expect(
      module.identifier == ModuleIdentifier(product: "LoyaltySecurity", name: "SecurityModule"))
    let client = try await LoyaltyClient.start(
      LoyaltyConfiguration(
        appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example", preset: .testing),
      modules: [module])
    let provided = client.registeredCapabilities.filter { $0.source == .module(module.identifier) }
    #expect(
      Set(provided.map(\.key))
        == [
          CapabilityKey.fieldCipher.erased, CapabilityKey.keyStore.erased,
          CapabilityKey.requestSigner.erased,
        ])
    await client.shutdown()
    #expect(module.requires.isEmpty)
    #expect(module.keyCacheDuration == 300)
    let secret = Data(repeating: 0x11, count: 32).base64EncodedString()
    let environment = SecurityModule(keyStore: .environment(["k": secret]))
    #expect(!String(describing: environment).contains(secret))
    #expect(!String(reflecting: environment).contains(secret))
  }

  @Test("provides a field cipher backed by an in-memory key store")
  func inMemory() async throws {
    let logs = InMemoryLogHandler()
    let client = try await Self.start([SecurityModule(keyStore: .inMemory)], logs: logs)
    defer { Task { await client.shutdown() } }

    let cipher = try client.resolve(.fieldCipher)
    let plaintext = Data("access-token".utf8)
    let sealed = try await cipher.seal(plaintext)
    #expect(try await cipher.open(sealed) == plaintext)
    #expect(try client.resolve(.keyStore) is InMemoryKeyStore)
    #expect(client.source(of: .fieldCipher) == .module(SecurityModule().identifier))

    let key = try #require(
      try await client.resolve(.keyStore).key(for: AESGCMFieldCipher.defaultKeyIdentifier))
    #expect(try AESGCM.open(sealed, key: key) == plaintext)
    #expect(logs.records.contains { $0.label == "LoyaltySecurity" })
    #expect(!logs.text.contains(key.base64EncodedString()))
    #expect(!logs.text.contains(HexEncoding.encode(key)))
  }

  @Test("the cipher uses a host's key store override")
  func keyStoreOverride() async throws {
    let hostKey = Data(repeating: 0x42, count: 32)
    let hostStore = InMemoryKeyStore(keys: ["host-key": hostKey])
    let client = try await Self.start(
      [SecurityModule(keyStore: .inMemory, keyIdentifier: "host-key")],
      overrides: CapabilityOverrides().overriding(.keyStore, with: hostStore))
    defer { Task { await client.shutdown() } }

    #expect(client.source(of: .keyStore) == .override)
    let resolved = try #require(try client.resolve(.keyStore) as? InMemoryKeyStore)
    #expect(resolved === hostStore)
    let sealed = try await client.resolve(.fieldCipher).seal(Data("pin".utf8))
    #expect(try AESGCM.open(sealed, key: hostKey) == Data("pin".utf8))
  }

  @Test("the cipher measures its key cache on the client's clock")
  func clockOverride() async throws {
    let clock = ManualClock()
    let store = CountingKeyStore(base: InMemoryKeyStore())
    var overrides = CapabilityOverrides()
    overrides.override(.clock, with: clock)
    overrides.override(.keyStore, with: store)
    let client = try await Self.start([SecurityModule(keyCacheDuration: 60)], overrides: overrides)
    defer { Task { await client.shutdown() } }

    let cipher = try client.resolve(.fieldCipher)
    _ = try await cipher.seal(Data())
    _ = try await cipher.seal(Data())
    #expect(store.fetchCount == 1)
    clock.advance(by: 60)
    _ = try await cipher.seal(Data())
    #expect(store.fetchCount == 2)
  }

  @Test("keeps keys in <dataDirectory>/keys by default")
  func fileStore() async throws {
    let directory = try TemporaryDirectory("module")
    defer { directory.remove() }
    let client = try await Self.start([SecurityModule()], directory: directory.url)
    defer { Task { await client.shutdown() } }

    let store = try #require(try client.resolve(.keyStore) as? FileKeyStore)
    #expect(
      store.directory.standardizedFileURL.path
        == directory.appending("keys").standardizedFileURL.path)
    _ = try await client.resolve(.fieldCipher).seal(Data("x".utf8))
    let file = directory.appending("keys/\(AESGCMFieldCipher.defaultKeyIdentifier)")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test("uses host-supplied keys from the environment option")
  func environmentStore() async throws {
    let key = Data((0..<32).map { UInt8($0 * 3) })
    let client = try await Self.start([
      SecurityModule(
        keyStore: .environment([AESGCMFieldCipher.defaultKeyIdentifier: key.base64EncodedString()]))
    ])
    defer { Task { await client.shutdown() } }
    let sealed = try await client.resolve(.fieldCipher).seal(Data("x".utf8))
    #expect(try AESGCM.open(sealed, key: key) == Data("x".utf8))
  }

  @Test("fails to start with a malformed environment key, and cannot create a missing one")
  func environmentErrors() async throws {
    await expectLoyaltyError(.moduleStartFailed) {
      _ = try await Self.start([
        SecurityModule(keyStore: .environment(["field-encryption-key": "%%%"]))
      ])
    }
    let client = try await Self.start([SecurityModule(keyStore: .environment([:]))])
    defer { Task { await client.shutdown() } }
    await expectLoyaltyError(.invalidKey) {
      _ = try await client.resolve(.fieldCipher).seal(Data("x".utf8))
    }
  }

  @Test("fails to start with an invalid key identifier")
  func invalidIdentifier() async throws {
    await expectLoyaltyError(.moduleStartFailed) {
      _ = try await Self.start([SecurityModule(keyStore: .inMemory, keyIdentifier: "../x")])
    }
  }

  @Test(
    "provides the chosen request signer", arguments: [SecurityModule.SignerOption.sha256, .hmac])
  func signer(option: SecurityModule.SignerOption) async throws {
    let client = try await Self.start([SecurityModule(keyStore: .inMemory, signer: option)])
    defer { Task { await client.shutdown() } }
    let signature = try client.resolve(.requestSigner).signature(
      apiKey: "my-api-key", timestamp: "1800000000")
    switch option {
    case .sha256:
      #expect(signature == "7082bed97986959c52a1e17b757e012a99a8d56ade58e605a42e2122da2a7e28")
    case .hmac:
      #expect(signature == "dd886463adab66d0e40a86450ecb675bd6fa67a3a5fe01e565eb870b39e738aa")
    }
  }
}
