import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("NetworkModule")
struct NetworkModuleTests {
  let configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example", preset: .testing)

  @Test(
    "registers the URLSession transport and the network client; an override replaces the transport")
  func registersTransport() async throws {
    let client = try await LoyaltyClient.start(configuration, modules: [NetworkModule()])
    #expect(try client.resolve(.httpTransport) is URLSessionTransport)
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

  @Test("the network client is unavailable after shutdown")
  func shutdown() async throws {
    let client = try await LoyaltyClient.start(configuration, modules: [NetworkModule()])
    await client.shutdown()
    #expect(throws: LoyaltyError.self) { _ = try client.network }
  }
}
