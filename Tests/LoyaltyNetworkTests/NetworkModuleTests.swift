import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("NetworkModule")
struct NetworkModuleTests {
  let configuration: LoyaltyConfiguration = {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example", preset: .testing)
    // Analytics on (the testing preset starts with it off, as the seed's does).
    configuration.privacy.enabled.insert(.analytics)
    // These tests count requests: the device registration at start would be one more.
    // DeviceRegistrationAtStartTests covers it.
    configuration.device.registersAtStart = false
    return configuration
  }()

  @Test("registers the chosen transport and the network client; an override replaces the transport")
  func registersTransport() async throws {
    let chosen = InMemoryHTTPTransport { _ in HTTPResponse(status: 204) }
    let transport = NetworkTransport(name: "scripted") { _ in chosen }
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule(transport: transport)])
    #expect(try client.resolve(.httpTransport) as? InMemoryHTTPTransport === chosen)
    #expect(client.source(of: .httpTransport) == .module(NetworkModule().identifier))
    _ = try client.network
    await client.shutdown()

    let scripted = InMemoryHTTPTransport { _ in
      HTTPResponse(status: 200, body: Data(#"{"status":"1","context":{"ok":true}}"#.utf8))
    }
    let overridden = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: scripted))
    let envelope = try await overridden.network.send(
      Endpoint<ResponseEnvelope>(name: "ping", method: .get, path: "/ping"))
    #expect(envelope["ok"] == true)
    #expect(scripted.requests.count == 1)
    await overridden.shutdown()
  }

  @Test("the device id is created once and kept in the key-value store")
  func deviceIdentity() async throws {
    let store = InMemoryKeyValueStore()
    let scripted = InMemoryHTTPTransport { _ in
      HTTPResponse(status: 200, body: Data(#"{"status":"1"}"#.utf8))
    }
    var overrides = CapabilityOverrides()
    overrides.override(.keyValueStore, with: store)
    overrides.override(.httpTransport, with: scripted)
    for _ in 0..<2 {
      let client = try await LoyaltyClient.start(
        configuration, modules: [NetworkModule()], overrides: overrides)
      _ = try await client.network.send(
        Endpoint<ResponseEnvelope>(name: "ping", method: .get, path: "/ping"))
      await client.shutdown()
    }
    let ids = Set(scripted.requests.compactMap { $0.headers["unique-device-id"] })
    #expect(ids.count == 1)
    #expect(try await store.value(String.self, forKey: DeviceIdentity.storageKey) == ids.first)
  }

  @Test("without a transport the client does not start, and the error names LoyaltyURLSession")
  func missingTransport() async throws {
    do {
      _ = try await LoyaltyClient.start(configuration, modules: [NetworkModule()])
      Issue.record("a network module without a transport started")
    } catch let error as LoyaltyError {
      #expect(error.code == .missingRequirement)
      #expect(
        error.message
          == "LoyaltyNetwork requires an HTTP transport: add NetworkModule(transport: "
          + ".urlSession) from LoyaltyURLSession.")
    }
  }

  @Test("the network client is unavailable after shutdown")
  func shutdown() async throws {
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()],
      overrides: CapabilityOverrides().overriding(
        .httpTransport, with: InMemoryHTTPTransport { _ in HTTPResponse(status: 204) }))
    await client.shutdown()
    #expect(throws: LoyaltyError.self) { _ = try client.network }
  }

  @Test(
    "two clients from one module array: each signs with its own key; one shuts down, the other works"
  )
  func tenantsShareNothing() async throws {
    // One transport per client, made by the module's transport factory.
    let transports = TransportLog()
    let modules: [any LoyaltyModule] = [
      NetworkModule(
        transport: NetworkTransport(name: "per-client") { configuration in
          transports.make(for: configuration.apiKey)
        })
    ]
    var tenantA = configuration
    tenantA.apiKey = "tenant-a-api-key"
    var tenantB = configuration
    tenantB.apiKey = "tenant-b-api-key"
    let clientA = try await LoyaltyClient.start(tenantA, modules: modules)
    let clientB = try await LoyaltyClient.start(tenantB, modules: modules)
    #expect(try clientA.network !== clientB.network)

    let ping = Endpoint<ResponseEnvelope>(name: "ping", method: .get, path: "/ping")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<100 {
        let client = index.isMultiple(of: 2) ? clientA : clientB
        group.addTask { _ = try await client.network.send(ping) }
      }
      try await group.waitForAll()
    }
    let signer = PortableRequestSigner()
    for (apiKey, transport) in [("tenant-a-api-key", "A"), ("tenant-b-api-key", "B")] {
      let requests = transports.transport(for: apiKey)?.requests ?? []
      #expect(requests.count == 50, "tenant \(transport) sent \(requests.count) requests")
      for request in requests {
        let timestamp = try #require(request.headers["loyalty-date"])
        #expect(
          request.headers["loyalty-signature"]
            == (try signer.signature(apiKey: apiKey, timestamp: timestamp)))
      }
    }

    await clientA.shutdown()
    #expect(throws: LoyaltyError.self) { _ = try clientA.network }
    _ = try await clientB.network.send(ping)
    #expect(transports.transport(for: "tenant-b-api-key")?.requests.count == 51)
    await clientB.shutdown()
  }
}

/// The transports a ``NetworkTransport`` made, one per client, by the client's API key.
private final class TransportLog: Sendable {
  private let made = Locked<[String: InMemoryHTTPTransport]>([:])

  func make(for apiKey: String) -> InMemoryHTTPTransport {
    let transport = InMemoryHTTPTransport { _ in
      HTTPResponse(status: 200, body: Data(#"{"status":"1"}"#.utf8))
    }
    made.withLock { $0[apiKey] = transport }
    return transport
  }

  func transport(for apiKey: String) -> InMemoryHTTPTransport? {
    made.withLock { $0[apiKey] }
  }
}
