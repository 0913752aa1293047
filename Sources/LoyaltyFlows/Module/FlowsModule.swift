public import LoyaltyCore
import LoyaltyNetwork
public import LoyaltySecurity

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension CapabilityKey where Value == FlowCenter {
  /// The account and payment flows.
  public static var flows: Self {
    Self(
      "loyalty.flows", summary: "account and payment flows",
      providedBy: "FlowsModule() from LoyaltyFlows")
  }
}

/// The flows module: PIN set, change and forgot, and QR payment, as state machines
/// (``FlowRun``) a host's screens drive, reached as `client.flows`.
///
/// It requires a network client and uses the clock (the session and code timers). The
/// server's RSA public key is decoded when the client starts, so a bad PEM fails the
/// start, not the first PIN.
public struct FlowsModule: LoyaltyModule {
  /// The server's RSA public key, PEM.
  public let serverKeyPEM: String
  /// The PIN's padding: OAEP-SHA256 by default; `.pkcs1v15` for a backend that expects
  /// the seed's SecKey padding.
  public let pinPadding: RSAPadding
  /// The client id and secret client verification sends.
  public let clientID: String
  /// The client secret.
  public let clientSecret: String
  /// The PIN rules.
  public let pinRules: PINRules
  /// The statuses that end a flow.
  public let statusPolicy: FlowStatusPolicy
  /// The largest face image accepted, in bytes (2 MB by default: chosen here).
  public let imageByteLimit: Int
  /// The server the flows talk to: the client's base URL by default, or the payments
  /// backend's own `demo` or `live` server (seed 004 line 54).
  public var backend: FlowsBackend = .client

  /// Creates the module.
  public init(
    serverKeyPEM: String, clientID: String, clientSecret: String,
    pinPadding: RSAPadding = .oaepSHA256, pinRules: PINRules = PINRules(),
    statusPolicy: FlowStatusPolicy = FlowStatusPolicy(), imageByteLimit: Int = 2_000_000
  ) {
    self.serverKeyPEM = serverKeyPEM
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.pinPadding = pinPadding
    self.pinRules = pinRules
    self.statusPolicy = statusPolicy
    self.imageByteLimit = imageByteLimit
  }

  /// Creates the module with the server's key read from a PEM resource file (seed 004
  /// line 18): `serverKeyResource` in `directory`, or else `serverKeyResource.pem`.
  ///
  /// The key is read and decoded now, so a missing or malformed file fails here, not at
  /// the client's start.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/configurationFile`` when the file is
  ///   missing or unreadable (its path is in the message),
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when it holds no RSA public key.
  public init(
    serverKeyResource: String, at directory: URL, clientID: String, clientSecret: String,
    pinPadding: RSAPadding = .oaepSHA256, pinRules: PINRules = PINRules(),
    statusPolicy: FlowStatusPolicy = FlowStatusPolicy(), imageByteLimit: Int = 2_000_000
  ) throws {
    let key = try RSAPublicKey(resource: serverKeyResource, at: directory)
    self.init(
      serverKeyPEM: try key.pemRepresentation(), clientID: clientID, clientSecret: clientSecret,
      pinPadding: pinPadding, pinRules: pinRules, statusPolicy: statusPolicy,
      imageByteLimit: imageByteLimit)
  }

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyFlows", name: "FlowsModule")
  }

  public var requires: [AnyCapabilityKey] { [CapabilityKey.networkClient.erased] }

  public var optionallyUses: [AnyCapabilityKey] { [CapabilityKey.clock.erased] }

  /// Provides the flow center once the module has started.
  public func register(in registrar: CapabilityRegistrar<FlowCenter>) throws {
    registrar.provide(.flows) { center, _ in center }
  }

  /// Decodes the server key, checks the backend, and makes this client's flow center.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` for a bad key,
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidURL`` for a backend URL that is not http or
  ///   https.
  public func start(_ context: ModuleContext) async throws -> FlowCenter {
    try backend.validate()
    let capabilities = context.capabilities
    let key = try RSAPublicKey(pem: serverKeyPEM)
    let logger = context.logger.labeled("flows").addingSecrets([clientSecret])
    return FlowCenter(
      environment: FlowEnvironment(
        network: try capabilities.resolve(.networkClient),
        clock: try capabilities.resolve(.clock),
        cipher: PINCipher(key: key, padding: pinPadding), rules: pinRules,
        policy: statusPolicy, imageByteLimit: imageByteLimit, clientID: clientID,
        clientSecret: clientSecret, language: context.configuration.language,
        baseURL: backend.baseURL, logger: logger))
  }
}

extension LoyaltyClient {
  /// The client's account and payment flows.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``LoyaltyFlows/FlowsModule`` is not listed.
  public var flows: FlowCenter {
    get throws { try resolve(.flows) }
  }
}
