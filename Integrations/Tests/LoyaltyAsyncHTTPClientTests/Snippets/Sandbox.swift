// The emulator block of Docs/Sandbox.md, compiled and run; the root's DocumentationTests
// check that the guide shows it verbatim.

import Foundation
import LoyaltyCore
import LoyaltyEmulatorServer
import LoyaltySandbox
import Testing

@Test("Docs/Sandbox.md: a test starts the emulator, points a configuration at it, stops it")
func emulatorInATest() async throws {
  let sandbox = SandboxConfiguration()
  var configuration = LoyaltyConfiguration(
    appUUID: sandbox.appUUID, merchantID: sandbox.merchantID, apiKey: sandbox.apiKey,
    bundleID: "com.example.app", environment: .production)

  let server = EmulatorServer(backend: SandboxBackend(configuration: sandbox))
  let port = try await server.start(port: 0)  // 127.0.0.1, an ephemeral port
  configuration.environment = .custom(URL(string: "http://127.0.0.1:\(port)")!)
  // ... a client with this configuration ...
  server.backend.failNext(with: .dropConnection)
  await server.stop()  // always: tests stop what they start

  #expect(configuration.environment.baseURL.port == port)
}
