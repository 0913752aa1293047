public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The LoyaltySecurity module: provides the AES-256-GCM field cipher, a key store and
/// the request signer.
///
/// ```swift
/// let client = try await LoyaltyClient.start(
///   configuration, modules: [SecurityModule(), StoreModule(), NetworkModule()])
/// let cipher = try client.resolve(.fieldCipher)
/// ```
///
/// The cipher resolves ``LoyaltyCore/CapabilityKey/keyStore`` and
/// ``LoyaltyCore/CapabilityKey/clock`` through
/// the client, so a host override of either is honoured.
public struct SecurityModule: LoyaltyModule, CustomStringConvertible {
  /// Where the field cipher's keys are kept.
  public enum KeyStoreOption: Sendable, CustomStringConvertible {
    /// A ``FileKeyStore`` in `<configuration.dataDirectory>/keys`: the default off Apple
    /// platforms.
    case file
    /// A ``FileKeyStore`` in the given directory.
    case directory(URL)
    /// An ``InMemoryKeyStore``: keys are lost when the client goes away.
    case inMemory
    /// An ``EnvironmentKeyStore`` holding base64 keys by identifier, supplied by the
    /// host (read from an environment variable, for instance); the cipher's key must be
    /// among them.
    case environment([String: String])
    #if canImport(Security)
      /// A `KeychainKeyStore` filing keys under `service`, or under
      /// `KeychainKeyStore.defaultService` (one per app) when `nil`: the default on Apple
      /// platforms.
      case keychain(service: String?)
    #endif

    /// The default: the Keychain where it exists (Apple platforms), a file store under the
    /// data directory elsewhere.
    public static var platformDefault: KeyStoreOption {
      #if canImport(Security)
        .keychain(service: nil)
      #else
        .file
      #endif
    }

    /// Names the option, never a key.
    public var description: String {
      switch self {
      case .file: "file"
      case .directory: "file (custom directory)"
      case .inMemory: "in-memory"
      case .environment(let keys): "environment (\(keys.count) keys)"
      #if canImport(Security)
        case .keychain(let service): "keychain (\(service ?? "the app's service"))"
      #endif
      }
    }
  }

  /// How `loyalty-signature` is computed.
  public enum SignerOption: Sendable, CustomStringConvertible {
    /// ``SHA256RequestSigner``: the platform's scheme, the default.
    case sha256
    /// ``HMACRequestSigner``: HMAC-SHA256 keyed by the API key.
    case hmac

    /// `sha256` or `hmac`.
    public var description: String {
      switch self {
      case .sha256: "sha256"
      case .hmac: "hmac"
      }
    }
  }

  /// The label the module's components log with.
  public static let logLabel = "LoyaltySecurity"

  /// Where keys are kept.
  public let keyStore: KeyStoreOption
  /// How requests are signed.
  public let signer: SignerOption
  /// How long the cipher reuses a fetched key, in seconds.
  public let keyCacheDuration: TimeInterval
  /// The identifier the cipher's key is stored under.
  public let keyIdentifier: String

  /// Creates the module; nothing is read or created until a capability is used.
  /// - Parameters:
  ///   - keyStore: Where keys are kept: ``KeyStoreOption/platformDefault``, the Keychain on
  ///     Apple platforms and a file store under the data directory elsewhere, by default.
  ///   - signer: How requests are signed; SHA-256 by default.
  ///   - keyCacheDuration: How long the cipher reuses a fetched key; 300 seconds by
  ///     default.
  ///   - keyIdentifier: The identifier the cipher's key is stored under.
  public init(
    keyStore: KeyStoreOption = .platformDefault,
    signer: SignerOption = .sha256,
    keyCacheDuration: TimeInterval = AESGCMFieldCipher.defaultKeyCacheDuration,
    keyIdentifier: String = AESGCMFieldCipher.defaultKeyIdentifier
  ) {
    self.keyStore = keyStore
    self.signer = signer
    self.keyCacheDuration = keyCacheDuration
    self.keyIdentifier = keyIdentifier
  }

  /// Names the options, never a key.
  public var description: String {
    "SecurityModule(keyStore: \(keyStore), signer: \(signer), keyCacheDuration: "
      + "\(keyCacheDuration), keyIdentifier: \(keyIdentifier))"
  }

  /// The key directory of a file key store (`<dataDirectory>/keys`, or the one given):
  /// ``LoyaltyCore/LoyaltyClient/eraseAllData()`` deletes it with every key.
  public func dataLocations(_ context: ModuleContext) -> [URL] {
    switch keyStore {
    case .file: [FileKeyStore.directory(for: context.configuration)]
    case .directory(let url): [url]
    case .inMemory, .environment: []
    #if canImport(Security)
      // Keychain items are not files: eraseAllData leaves them (Docs/Apple.md).
      case .keychain: []
    #endif
    }
  }

  /// `LoyaltySecurity.SecurityModule`.
  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltySecurity", name: "SecurityModule")
  }

  /// Provides the field cipher, the key store and the request signer. Each is made per
  /// client, on first use.
  public func register(in registrar: CapabilityRegistrar<Void>) throws {
    let keyStore = keyStore
    let signer = signer
    let keyCacheDuration = keyCacheDuration
    let keyIdentifier = keyIdentifier

    registrar.provide(.keyStore) { capabilities -> any KeyStore in
      let logger = capabilities.logger(label: Self.logLabel)
      switch keyStore {
      case .file:
        return FileKeyStore(configuration: capabilities.configuration, logger: logger)
      case .directory(let directory):
        return FileKeyStore(directory: directory, logger: logger)
      case .inMemory:
        return InMemoryKeyStore()
      case .environment(let keys):
        return try EnvironmentKeyStore(base64Keys: keys)
      #if canImport(Security)
        case .keychain(let service):
          return service.map { KeychainKeyStore(service: $0) } ?? KeychainKeyStore()
      #endif
      }
    }
    registrar.provide(.fieldCipher) { capabilities -> any FieldCipher in
      AESGCMFieldCipher(
        keyStore: try capabilities.resolve(.keyStore),
        keyIdentifier: keyIdentifier,
        keyCacheDuration: keyCacheDuration,
        clock: try capabilities.resolve(.clock),
        logger: capabilities.logger(label: Self.logLabel))
    }
    registrar.provide(.requestSigner) { _ -> any RequestSigner in
      switch signer {
      case .sha256: SHA256RequestSigner()
      case .hmac: HMACRequestSigner()
      }
    }
  }

  /// Checks the options and builds the cipher, so a bad key identifier or a malformed
  /// environment key fails the start rather than the first seal. No key is read.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` for an invalid key identifier, or
  ///   what creating the key store or cipher throws.
  public func start(_ context: ModuleContext) async throws {
    try KeyStoreValidation.validate(identifier: keyIdentifier)
    _ = try context.capabilities.resolve(.fieldCipher)
    context.logger.debug(
      "Security ready.",
      metadata: [
        "keyStore": context.capabilities.source(of: .keyStore).map { "\($0)" } ?? "none",
        "keyStoreOption": keyStore.description,
        "signer": signer.description,
        "keyCacheDuration": String(keyCacheDuration),
      ])
  }
}
