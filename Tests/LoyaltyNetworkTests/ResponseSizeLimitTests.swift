import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// Clients and lifecycle 3: memory is bounded everywhere, a huge response body included;
/// the bound and what happens at it are documented.
@Suite("Response size limit")
struct ResponseSizeLimitTests {
  @Test(
    "memory is bounded: a body beyond the default 10 MiB fails with a typed error naming the limit",
    arguments: [200, 404, 500])
  func defaultLimit(status: Int) async throws {
    let huge = Data(repeating: UInt8(ascii: " "), count: 10 * 1_024 * 1_024 + 1)
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("") { _, _ in HTTPResponse(status: status, body: huge) }
    let (client, _) = NetworkFixtures.client(backend: backend)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(Endpoint<ResponseEnvelope>(name: "x", method: .post, path: "/x"))
    }
    #expect(error.code.name == "responseTooLarge")
    #expect(error.metadata["limit"] == "10485760")
  }

  @Test("the limit is configurable; a body within it passes")
  func configuredLimit() async throws {
    let body = Data(#"{"status": "1", "pad": "\#(String(repeating: "x", count: 2_000))"}"#.utf8)
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/plain") { _, _ in HTTPResponse(status: 200, body: body) }
    let small = NetworkFixtures.configuration { $0.network.maxResponseBytes = 1_024 }
    let (client, _) = NetworkFixtures.client(backend: backend, configuration: small)
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(
        Endpoint<ResponseEnvelope>(name: "plain", method: .get, path: "/plain"))
    }
    #expect(error.code == .responseTooLarge)
    #expect(error.metadata["limit"] == "1024")
    #expect(error.message.contains("1024"))

    let roomy = NetworkFixtures.configuration { $0.network.maxResponseBytes = 4_096 }
    let (roomyClient, _) = NetworkFixtures.client(backend: backend, configuration: roomy)
    let envelope = try await roomyClient.send(
      Endpoint<ResponseEnvelope>(name: "plain", method: .get, path: "/plain"))
    #expect(envelope.status == 1)
  }
}
