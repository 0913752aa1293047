import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("NetworkAnalyticsUploader")
struct NetworkAnalyticsUploaderTests {
  static let events = (0..<3).map { index in
    QueuedEvent(
      id: "id-\(index)", name: "e", timestamp: Date(timeIntervalSince1970: 1_800_000_000),
      payload: Data(#"{"event_id":"id-\#(index)","name":"e"}"#.utf8))
  }

  static func outcome(_ response: @escaping @Sendable () throws -> HTTPResponse) async
    -> (AnalyticsUploadOutcome, ScriptedBackend)
  {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/analytics/0123456789abcdef0123456789abcdef/") { _, _ in try response() }
    let (client, _) = NetworkFixtures.client(backend: backend)
    return (await NetworkAnalyticsUploader(client: client).upload(events), backend)
  }

  @Test("sends one gzip batch with the standard headers, never retried by the client")
  func request() async throws {
    let (outcome, backend) = await Self.outcome {
      ScriptedBackend.json(200, ["status": "1", "accepted": 3, "duplicates": 1])
    }
    #expect(outcome == .accepted(duplicates: 1))
    let request = try #require(backend.requests.first)
    #expect(request.headers["Content-Encoding"] == "gzip")
    #expect(request.headers["loyalty-signature"] != nil)
    let body = try JSONValue(parsing: Gzip.decompress(request.body ?? Data()))
    #expect(
      body["events"]?.arrayValue?.compactMap { $0["event_id"]?.stringValue } == [
        "id-0", "id-1", "id-2",
      ])

    let (_, busy) = await Self.outcome { ScriptedBackend.json(503, ["status": "0"]) }
    #expect(busy.requests.count == 1, "the pipeline backs off, not the client")
  }

  @Test("maps 400, 413, 429, 5xx and transport errors")
  func outcomes() async throws {
    #expect(
      await Self.outcome {
        ScriptedBackend.json(400, ["status": "0", "rejected": ["id-1"], "msg": "bad name"])
      }.0 == .rejected(ids: ["id-1"], message: "bad name"))
    #expect(
      await Self.outcome { ScriptedBackend.json(400, ["status": "0"]) }.0 == .retryLater(after: nil)
    )
    #expect(await Self.outcome { HTTPResponse(status: 413) }.0 == .tooLarge)
    #expect(
      await Self.outcome {
        ScriptedBackend.json(429, ["status": "0"], headers: ["Retry-After": "9"])
      }.0 == .retryLater(after: 9))
    #expect(await Self.outcome { HTTPResponse(status: 502) }.0 == .retryLater(after: nil))
    #expect(
      await Self.outcome { throw LoyaltyError(.notConnected, "down") }.0
        == .retryLater(after: nil))
  }

  @Test(
    "Retry-After counts with a transient status only: 408, 429, 5xx, not their neighbours",
    arguments: [
      (407, nil), (408, 7), (409, nil), (428, nil), (429, 7), (430, nil), (499, nil),
      (500, 7), (503, 7), (599, 7), (401, nil), (404, nil),
    ] as [(Int, Double?)])
  func retryAfterOnTransientStatuses(status: Int, after: Double?) async {
    let outcome = await Self.outcome {
      ScriptedBackend.json(status, ["status": "0"], headers: ["Retry-After": "7"])
    }
    #expect(outcome.0 == .retryLater(after: after))
  }

  /// A 2xx answer with `body`.
  static func answer(_ status: Int, _ body: String) -> @Sendable () -> HTTPResponse {
    {
      HTTPResponse(
        status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
  }

  @Test(
    "a 2xx is a receipt when documented, bare or empty; the batch is deleted",
    arguments: [
      (200, #"{"status":"1","accepted":3,"duplicates":2}"#, 2),
      (200, #"{"status":"1","accepted":3,"result":[]}"#, 0),
      (200, #"{"status":"1"}"#, 0),
      (200, #"{"status":1,"msg":"ok","duplicates":1}"#, 1),
      (200, #"{"accepted":3}"#, 0),
      (202, "", 0),
      (204, "", 0),
    ])
  func receipts(status: Int, body: String, duplicates: Int) async {
    #expect(await Self.outcome(Self.answer(status, body)).0 == .accepted(duplicates: duplicates))
  }

  @Test(
    "a 2xx that is not a receipt keeps the batch: a page, a failed status, another call's answer",
    arguments: [
      (200, "<html><body>Sign in to the Wi-Fi</body></html>"),
      (200, #"{"status":"0","msg":"failed"}"#),
      (200, #"{"status":"2","accepted":3}"#),
      (200, #"{"status":"1","MAPP_SHOPS":{"shops":[]},"MAPP_SHOPS-status":1}"#),
      (200, #"{"status":"1","result":[]}"#),
      (201, #"{"status":"1","context":{"merchant":{"uuid":"m"}}}"#),
    ])
  func noReceipt(status: Int, body: String) async {
    #expect(await Self.outcome(Self.answer(status, body)).0 == .retryLater(after: nil))
  }
}
