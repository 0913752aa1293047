import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// Tolerant, never silent, for every public call: an answer whose payload is emptied
/// either fails naming the call and the field, or answers and reports the drift.
@Suite("Market: every public call, drift path")
struct MarketCallDriftTests {
  /// Calls whose answer is only a status and a message: nothing in it can drift.
  static let statusOnly: Set<String> = ["change_password", "reset_password", "delete_card"]

  /// Drift and errors name the endpoint whose answer it was (the guarantee counts per
  /// endpoint and field); a call reading another call's endpoint is named after that one.
  static func answeringEndpoint(of call: MarketCall) -> String {
    call.operation == "supermarket_campaign" ? "campaigns" : call.operation
  }

  @Test(
    "an answer with its payload emptied fails naming the field, or is reported",
    arguments: MarketCall.all)
  func hollowAnswer(call: MarketCall) async throws {
    let harness = try await MarketHarness.start(
      transport: { backend in
        HollowingTransport(
          inner: SandboxTransport(backend), backend: backend, target: call.endpoint)
      })
    if call.needsSession { try await harness.login() }
    let delivery = try await MarketCallbackTests.deliver(call, harness)
    let name = Self.answeringEndpoint(of: call)
    let drift = try harness.client.market.drift.snapshot().entries.filter { $0.call == name }

    if Self.statusOnly.contains(call.operation) {
      #expect(delivery.failure == nil, "\(String(describing: delivery.failure))")
      #expect(drift.isEmpty, "\(drift)")
    } else if let failure = delivery.failure {
      #expect([.missingField, .decodingFailed].contains(failure.code), "\(failure)")
      #expect(failure.metadata["call"] == name, "\(failure)")
      #expect(!(failure.metadata["field"] ?? "").isEmpty, "\(failure)")
    } else {
      #expect(!drift.isEmpty, "\(call.operation) answered a hollow answer without a word")
      #expect(
        harness.sink.events(of: ResponseDrift.self).contains { $0.call == name })
    }
    await harness.client.shutdown()
  }
}

/// Sends to the sandbox and, for requests to `target`, keeps only the answer's statuses
/// (`status` and the `<DOMAIN>-status` fields) and its payloads (a `MAPP_*` domain,
/// `result`) emptied: `{}`, where they were.
struct HollowingTransport: HTTPTransport {
  let inner: SandboxTransport
  let backend: SandboxBackend
  let target: SandboxEndpoint

  /// In process: answers at once, so the client calls it without a timer.
  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response = try await inner.send(request)
    guard backend.endpoint(for: request) == target,
      let body = try? JSONValue(parsing: response.body)
    else { return response }
    return HTTPResponse(
      status: response.status, headers: response.headers, body: try Self.hollow(body).jsonData())
  }

  static func hollow(_ body: JSONValue) -> JSONValue {
    guard case .object(let top) = body else { return body }
    var kept: [String: JSONValue] = [:]
    for (key, value) in top {
      if key == "status" || key.hasSuffix("-status") {
        kept[key] = value
      } else if key == "result" || key.hasPrefix("MAPP_") {
        kept[key] = [:]
      } else if key == "context" {
        kept[key] = hollow(value)
      }
    }
    return .object(kept)
  }
}
