import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("11. Planted secrets never reach logs or errors")
struct SecretLeakTests {
  @Test func secretsStayOutOfLogsAndErrors() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let email = "maria.secret@example.gr"
    let card = "4111111111111111"
    let pin = "4821"
    let handler = InMemoryLogHandler()
    let configuration = NetworkFixtures.configuration { $0.logging.level = .verbose }
    let logger = LoyaltyLogger(
      label: "LoyaltyNetwork", level: .verbose, handler: handler,
      masker: SecretMasker(literals: configuration.secrets))
    let issued = backend.issueToken()
    backend.on("/partners/dei/login") { _, _ in SessionTests.tokenResponse(issued) }
    backend.on("/context", ScriptedBackend.protected())
    backend.on("/cards") { _, _ in
      ScriptedBackend.json(
        400,
        [
          "status": "0",
          "msg": "card \(card) rejected for \(email), refresh_token=\(issued.refreshToken)",
        ])
    }
    let (client, _) = NetworkFixtures.client(
      backend: backend, configuration: configuration, logger: logger)

    try await client.session.loginWithEmail(email)
    _ = try await client.send(
      Endpoint<ResponseEnvelope>(
        name: "addCard", method: .post, path: "/oauth/{appUUID}/context", auth: .bearer,
        body: .wrapped(
          "cards", ["action": "add_card", "card_number": .string(card), "pin": .string(pin)])))
    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(
        Endpoint<ResponseEnvelope>(
          name: "cards", method: .post, path: "/cards", auth: .bearer,
          body: .json(["card_number": .string(card)])))
    }

    let logs = handler.text
    #expect(logs.contains("-> POST"), "verbose logging ran")
    let texts = [logs, error.description, error.message] + Array(error.metadata.values)
    let secrets = [
      issued.accessToken, issued.refreshToken, email, card, configuration.apiKey,
      "\"pin\":\"\(pin)\"",
    ]
    for text in texts {
      for secret in secrets {
        #expect(!text.contains(secret), "leaked \(secret.prefix(12))...")
      }
    }
  }
}
