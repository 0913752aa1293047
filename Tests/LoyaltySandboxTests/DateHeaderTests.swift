import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// Every answer carries a `Date` header from the sandbox's clock, as a real server's
/// does, so a client can estimate the server's clock.
@Suite("Sandbox: the Date header")
struct DateHeaderTests {
  @Test("every answer has one Date header, the sandbox clock's time as an IMF-fixdate")
  func dateHeader() async throws {
    // Sun, 06 Nov 1994 08:49:37 GMT, and a half second the header drops.
    let clock = ManualClock(start: Date(timeIntervalSince1970: 784_111_777.5))
    let harness = SandboxHarness { _, sandbox in sandbox.clock = clock }
    let transport = SandboxTransport(harness.backend)

    let campaigns = try await transport.send(
      harness.signed(
        .post, "/api/mobile/v2/\(SandboxHarness.appUUID)/context/",
        json: ["campaigns": ["action": "retrieve"]]))
    #expect(campaigns.status == 200)
    #expect(campaigns.headers["Date"] == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(campaigns.headers.values(for: "date").count == 1)

    // Refusals and injected failures are answers too.
    clock.advance(by: 86_400 + 3_600 + 61)
    let missing = try await transport.send(harness.signed(.post, "/nowhere"))
    #expect(missing.status == 404)
    #expect(missing.headers["Date"] == "Mon, 07 Nov 1994 09:50:38 GMT")
    harness.backend.failNext(with: .rateLimited(retryAfter: 1))
    let limited = try await transport.send(
      harness.signed(.post, "/api/mobile/v2/\(SandboxHarness.appUUID)/context/"))
    #expect(limited.status == 429)
    #expect(limited.headers["Date"] == "Mon, 07 Nov 1994 09:50:38 GMT")
  }

  @Test("a replayed answer carries the time it was replayed at")
  func replayedDate() async throws {
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
    let harness = SandboxHarness { _, sandbox in sandbox.clock = clock }
    let request = try harness.signed(
      .post, "/api/mobile/v2/\(SandboxHarness.appUUID)/context/",
      json: ["campaigns": ["action": "retrieve"]],
      headers: [IdempotencyKey.headerName: "date-key"])
    let first = try await SandboxTransport(harness.backend).send(request)
    clock.advance(by: 30)
    let second = try await SandboxTransport(harness.backend).send(request)
    #expect(second.isReplayed)
    #expect(second.body == first.body)
    let firstDate = try #require(
      first.headers["Date"].flatMap { HTTPDate.parse($0, now: clock.now) })
    let secondDate = try #require(
      second.headers["Date"].flatMap { HTTPDate.parse($0, now: clock.now) })
    #expect(firstDate == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(secondDate == clock.now)
  }
}
