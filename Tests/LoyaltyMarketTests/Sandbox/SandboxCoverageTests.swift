import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// Every market call declared in `MarketEndpoints.allCalls` has a sandbox route: the
/// sandbox's router reads the request the declaration makes (path kind, wrapper key and
/// action, or the `GET` path) and finds a handler for it.
struct SandboxCoverageTests {
  static let appUUID = "coverage-app"

  /// A request of the call's shape: its method and path, and for a context call a body
  /// holding its wrapper key and action.
  static func request(for call: any MarketCallDescribing) throws -> HTTPRequest {
    var path = call.kind.path(action: call.action).replacingOccurrences(
      of: "{appUUID}", with: appUUID)
    // Any other placeholder (a session UUID) takes a sample value.
    while let open = path.firstIndex(of: "{"), let close = path[open...].firstIndex(of: "}") {
      path.replaceSubrange(open...close, with: "sample")
    }
    let url = try #require(URL(string: "https://sandbox.invalid\(path)"))
    switch call.kind {
    case .get:
      return HTTPRequest(method: .get, url: url)
    case .user:
      return HTTPRequest(method: .post, url: url, body: try JSONValue.object([:]).jsonData())
    case .standardContext, .authenticatedContext:
      let body = JSONValue.object([
        call.wrapper ?? "": .object(["action": .string(call.action)])
      ])
      return HTTPRequest(method: .post, url: url, body: try body.jsonData())
    }
  }

  /// The sandbox endpoint that answers the call, or `nil` when none does.
  static func endpoint(of call: any MarketCallDescribing) throws -> SandboxEndpoint? {
    SandboxEndpoint.routing(try request(for: call), appUUID: appUUID)
  }

  /// The names of the calls the sandbox has no route for.
  static func unanswered(_ calls: [any MarketCallDescribing]) throws -> [String] {
    try calls.filter { try endpoint(of: $0) == nil }.map(\.name)
  }

  /// The endpoints that answer the market's declared calls: derived from
  /// `MarketEndpoints.allCalls`, so a new call needs no table of its own in the tests.
  static func marketEndpoints() throws -> Set<SandboxEndpoint> {
    Set(try MarketEndpoints.allCalls.compactMap { try endpoint(of: $0) })
  }

  @Test("the sandbox answers every declared market call")
  func everyCallIsAnswered() throws {
    let missing = try Self.unanswered(MarketEndpoints.allCalls)
    #expect(missing.isEmpty, "no sandbox handler for: \(missing.joined(separator: ", "))")
  }

  @Test("every call is listed once in allCalls")
  func listedOnce() {
    let names = MarketEndpoints.allCalls.map(\.name)
    #expect(Set(names).count == names.count)
  }

  @Test("a declared call without a sandbox handler is reported by name")
  func unknownCallIsReported() throws {
    let unknownAction = MarketCallDeclaration(
      "made_up_call", .authenticatedContext, wrapper: "coupon", action: "no_such_action",
      reading: .envelope { $0 }, fields: { (_: Void) in [:] }, map: { $0 })
    let unknownUser = MarketCallDeclaration(
      "made_up_user_call", .user, action: "no_such_action", reading: .envelope { $0 },
      fields: { (_: Void) in [:] }, map: { $0 })
    let unknownPath = MarketCallDeclaration(
      "made_up_get", .get("/api/nowhere/{id}"), reading: .envelope { $0 },
      fields: { (_: Void) in [:] }, map: { $0 })
    let wrongContext = MarketCallDeclaration(
      "wrong_context", .standardContext, wrapper: "coupon", action: "redeem",
      reading: .envelope { $0 }, fields: { (_: Void) in [:] }, map: { $0 })
    let calls: [any MarketCallDescribing] = [
      MarketEndpoints.cards, unknownAction, unknownUser, unknownPath, wrongContext,
    ]
    #expect(
      try Self.unanswered(calls) == [
        "made_up_call", "made_up_user_call", "made_up_get", "wrong_context",
      ])
  }
}
