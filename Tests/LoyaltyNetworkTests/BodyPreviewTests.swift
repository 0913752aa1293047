import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("Verbose logs: a body's preview")
struct BodyPreviewTests {
  /// The verbose log of one call answered with a body of `size` bytes.
  static func log(answering size: Int) async throws -> String {
    let head = #"{"status": 1, "pad": ""#
    let tail = #""}"#
    let padding = String(repeating: " ", count: size - head.utf8.count - tail.utf8.count)
    // Spaces: nothing the logger's masker would rewrite.
    let body = Data((head + padding + tail).utf8)
    #expect(body.count == size)
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/x") { _, _ in HTTPResponse(status: 200, body: body) }
    let handler = InMemoryLogHandler()
    let logger = LoyaltyLogger(label: "LoyaltyNetwork", level: .verbose, handler: handler)
    let configuration = NetworkFixtures.configuration { $0.logging.level = .verbose }
    let (client, _) = NetworkFixtures.client(
      backend: backend, configuration: configuration, logger: logger)
    _ = try await client.send(Endpoint<ResponseEnvelope>(name: "x", method: .get, path: "/x"))
    return handler.text
  }

  @Test("a body of exactly 2,048 bytes is logged whole; one byte more is cut and counted")
  func limit() async throws {
    let whole = try await Self.log(answering: 2_048)
    #expect(whole.contains(#"  "}"#))
    #expect(!whole.contains("bytes)"))
    let cut = try await Self.log(answering: 2_049)
    #expect(cut.contains("... (2049 bytes)"))
    #expect(!cut.contains(#"  "}"#))
  }
}
