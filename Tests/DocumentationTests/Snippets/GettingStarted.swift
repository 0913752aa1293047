import LoyaltyConformance
import LoyaltyCore
import Testing

// Docs/GettingStarted.md, "Write a module of your own".

struct StampCardModule: LoyaltyModule {
  var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "StampCards", name: "StampCardModule")
  }
  var requires: [AnyCapabilityKey] { [CapabilityKey.keyValueStore.erased] }

  func register(in registrar: CapabilityRegistrar<StampCardBook>) throws {
    registrar.provide(.stampCards) { book, _ in book }  // available once started
  }

  func start(_ context: ModuleContext) async throws -> StampCardBook {
    StampCardBook(store: try context.capabilities.resolve(.keyValueStore))
  }

  func shutdown(_ book: StampCardBook, context: ModuleContext) async {
    await book.close()
  }
}

/// The stamp cards of the guide's module, kept in the key-value store.
actor StampCardBook {
  private let store: any KeyValueStore
  private(set) var isClosed = false

  init(store: any KeyValueStore) {
    self.store = store
  }

  func close() {
    isClosed = true
  }
}

extension CapabilityKey where Value == StampCardBook {
  static var stampCards: Self {
    Self("example.stamp-cards", summary: "stamp cards", providedBy: "StampCardModule()")
  }
}

// Docs/GettingStarted.md, "Swap an implementation".
private func swapImplementations(
  configuration: LoyaltyConfiguration, modules: [any LoyaltyModule]
) async throws -> LoyaltyClient {
  var overrides = CapabilityOverrides()
  overrides.override(.httpTransport, with: MyRecordingTransport())
  overrides.override(.logHandler, with: MyLogBridge())
  let client = try await LoyaltyClient.start(configuration, modules: modules, overrides: overrides)
  return client
}

@Test func myTokenStoreConforms() async throws {
  try await TokenStoreConformance.check { MyTokenStore() }
}

// Docs/GettingStarted.md, "Errors".
private func startFailures(
  configuration: LoyaltyConfiguration, modules: [any LoyaltyModule]
) async throws {
  do {
    _ = try await LoyaltyClient.start(configuration, modules: modules)
  } catch let error as LoyaltyError where error.code == .missingRequirement {
    print(error.message)  // "LoyaltyMarket requires a network client: add NetworkModule(...) ..."
    // Without a transport: "LoyaltyNetwork requires an HTTP transport: add
    // NetworkModule(transport: .urlSession) from LoyaltyURLSession."
  }
}

// Docs/GettingStarted.md, "Configure": the guide's configuration is valid.
@Test("GettingStarted: the guide's configuration validates")
func gettingStartedConfigurationValidates() throws {
  let configuration = try makeConfiguration()
  #expect(configuration.network.requestTimeout == 20)
}
