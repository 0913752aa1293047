public import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension CapabilityKey where Value == DirectoryCenter {
  /// The merchant directory with its sync.
  public static var directory: Self {
    Self(
      "loyalty.directory", summary: "the merchant directory",
      providedBy: "DirectoryModule() from LoyaltyDirectory")
  }
}

/// The merchant directory module: a SQLite snapshot of the directory downloaded from the
/// backend, swapped in atomically, searched offline with FTS5; reached as
/// `client.directory`, and provided as the ``LoyaltyCore/MerchantDirectory`` capability.
///
/// It requires a network client and uses the clock. A host that does not list it links
/// nothing of LoyaltyDirectory.
public struct DirectoryModule: LoyaltyModule {
  /// Sync interval, providers, folder, file writer.
  public let configuration: DirectoryConfiguration

  /// Creates the module.
  public init(configuration: DirectoryConfiguration = DirectoryConfiguration()) {
    self.configuration = configuration
  }

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyDirectory", name: "DirectoryModule")
  }

  public var requires: [AnyCapabilityKey] { [CapabilityKey.networkClient.erased] }

  public var optionallyUses: [AnyCapabilityKey] { [CapabilityKey.clock.erased] }

  /// Provides the directory and the merchant-directory capability once started.
  public func register(in registrar: CapabilityRegistrar<DirectoryCenter>) throws {
    registrar.provide(.directory) { center, _ in center }
    registrar.provide(.merchantDirectory) { center, _ in center as any MerchantDirectory }
  }

  /// The snapshots' folder: ``LoyaltyCore/LoyaltyClient/eraseAllData()`` deletes it.
  public func dataLocations(_ context: ModuleContext) -> [URL] {
    [folder(for: context.configuration)]
  }

  private func folder(for configuration: LoyaltyConfiguration) -> URL {
    self.configuration.folder
      ?? configuration.dataDirectory.appendingPathComponent("directory", isDirectory: true)
  }

  /// Opens this client's directory, serving the snapshot installed in its folder.
  public func start(_ context: ModuleContext) async throws -> DirectoryCenter {
    let capabilities = context.capabilities
    let network = try capabilities.resolve(.networkClient)
    let folder = folder(for: context.configuration)
    return try DirectoryCenter(
      source: NetworkSnapshotSource(network: network), folder: folder,
      configuration: configuration, clock: try capabilities.resolve(.clock),
      logger: context.logger.labeled("directory"), metrics: try capabilities.metricsRecorder())
  }

  /// Starts the schedule, when the configuration sets one.
  public func clientDidStart(_ instance: DirectoryCenter, context: ModuleContext) async {
    if let interval = configuration.syncInterval {
      instance.startSchedule(every: interval)
    }
  }

  /// Stops the schedule and ends the progress streams.
  public func shutdown(_ instance: DirectoryCenter, context: ModuleContext) async {
    instance.shutdown()
  }
}

extension LoyaltyClient {
  /// The client's merchant directory.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``LoyaltyDirectory/DirectoryModule`` is not listed.
  public var directory: DirectoryCenter {
    get throws { try resolve(.directory) }
  }
}
