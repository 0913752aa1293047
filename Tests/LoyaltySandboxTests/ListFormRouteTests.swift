import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@testable import LoyaltySandbox

/// Every route says what its answer holds, and the list it names is the one its answer
/// sends: the list forms move it on the wire, and an idempotency key replays what was
/// sent.
@Suite("Sandbox: list forms, route by route")
struct ListFormRouteTests {
  /// A request for each call whose answer holds a list: its wrapper, action and context,
  /// from the route that answers it.
  static let listCalls: [SandboxEndpoint: (domain: String, action: String, bearer: Bool)] = {
    var calls: [SandboxEndpoint: (domain: String, action: String, bearer: Bool)] = [:]
    for route in SandboxRoutes.placed {
      if case .list = route.answer, case .context(let domain, let action) = route.place {
        calls[route.endpoint] = (domain, action, route.auth == .bearer)
      }
    }
    return calls
  }()

  @Test("every call the sandbox answers has one route, and so a declaration of its list")
  func everyEndpointIsDeclared() {
    for endpoint in SandboxEndpoint.allCases {
      let routes = SandboxRoutes.all.filter { $0.endpoint == endpoint }
      if endpoint == .unrouted {
        #expect(routes.isEmpty)
        #expect(endpoint.listKey == nil)
        continue
      }
      #expect(routes.count == 1, "\(endpoint) has \(routes.count) routes in the table")
      guard let route = routes.first else { continue }
      switch route.answer {
      case .list(let key):
        #expect(!key.isEmpty, "\(endpoint)")
        #expect(endpoint.listKey == key)
      case .model(let name, _):
        #expect(!name.isEmpty, "\(endpoint)")
        #expect(endpoint.listKey == nil)
      case .object, .noPayload:
        #expect(endpoint.listKey == nil)
      }
    }
  }

  /// The calls whose answer is one object, with the member it goes under and whether
  /// the sandbox's own answer puts it there (`Docs/API.md`, "Objects in answers").
  static let objectCalls: [SandboxEndpoint: (member: String, keyed: Bool)] = [
    .singleCampaign: ("campaign", true), .addCard: ("card", true),
    .profile: ("profile", false), .marketPass: ("market_pass", false),
    .validateCoupon: ("validation", false), .redeemCoupon: ("redemption", false),
  ]

  @Test("the calls known to answer one object are declared as such, each with its member")
  func objectCallsAreKnown() {
    var declared: [SandboxEndpoint: (member: String, keyed: Bool)] = [:]
    for route in SandboxRoutes.all {
      if case .model(let member, let keyed) = route.answer {
        declared[route.endpoint] = (member, keyed)
      }
    }
    #expect(Set(Self.objectCalls.keys).isSubset(of: declared.keys))
    for (endpoint, expected) in Self.objectCalls {
      #expect(declared[endpoint]?.member == expected.member, "\(endpoint)")
      #expect(declared[endpoint]?.keyed == expected.keyed, "\(endpoint)")
    }
  }

  @Test("every call with a list is a context call this suite sends; the seed's keys")
  func listCallsAreKnown() {
    let declared = Set(SandboxEndpoint.allCases.filter { $0.listKey != nil })
    #expect(declared == Set(Self.listCalls.keys))
    #expect(Self.listCalls[.cards]! == ("cards", "get_cards", true))
    #expect(Self.listCalls[.campaigns]! == ("campaigns", "retrieve", false))
    #expect(SandboxEndpoint.pointsHistory.listKey == "points_history")
    #expect(SandboxEndpoint.pointsOfInterest.listKey == "pois")
    #expect(SandboxEndpoint.couponAvailability.listKey == nil)
    #expect(SandboxEndpoint.marketPass.listKey == nil)
  }

  @Test("both initializers of the configuration keep the form; keyed is the default")
  func configurationKeepsTheForm() {
    #expect(SandboxConfiguration().listForm == .keyed)
    #expect(SandboxConfiguration(listForm: .bare).listForm == .bare)
    let client = SandboxHarness().configuration
    #expect(SandboxConfiguration(matching: client).listForm == .keyed)
    let matching = SandboxConfiguration(matching: client, envelope: .flat, listForm: .single)
    #expect(matching.listForm == .single)
    #expect(matching.envelope == .flat)
  }

  /// A signed request for `endpoint`'s list call, with `key` as its idempotency key.
  static func request(
    _ endpoint: SandboxEndpoint, _ harness: SandboxHarness, key: String? = nil
  ) throws -> HTTPRequest {
    let call = try #require(listCalls[endpoint])
    var headers: HTTPHeaders = [:]
    if call.bearer {
      let tokens = try #require(harness.backend.issueTokens(email: SandboxFixtures.userEmail(1)))
      headers.add(name: "Authorization", value: "Bearer \(tokens.accessToken)")
    }
    if let key { headers.add(name: IdempotencyKey.headerName, value: key) }
    let app = SandboxHarness.appUUID
    let path = call.bearer ? "/oauth/\(app)/context" : "/api/mobile/v2/\(app)/context/"
    return try harness.signed(
      .post, path,
      json: .object([call.domain: ["action": .string(call.action), "language": "en"]]),
      headers: headers)
  }

  /// The payload of a successful answer: `result`, else the `MAPP_*` member.
  static func payload(_ body: JSONValue?) throws -> JSONValue {
    let members = try #require((body?["context"] ?? body)?.objectValue)
    #expect(body?["status"] == "1")
    if let result = members["result"] { return result }
    let domain = try #require(
      members.keys.first { $0.hasPrefix("MAPP_") && !$0.hasSuffix("-status") })
    return try #require(members[domain])
  }

  @Test(
    "each list call sends its list where each form puts it",
    arguments: SandboxListForm.allCases)
  func everyListMoves(form: SandboxListForm) async throws {
    let fixtures = SandboxFixtures(seed: 5, merchants: 12, users: 2)
    let keyed = SandboxHarness(fixtures: fixtures)
    let shaped = SandboxHarness(fixtures: fixtures) { _, sandbox in sandbox.listForm = form }
    for endpoint in Self.listCalls.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
      let key = try #require(endpoint.listKey)
      let keyedAnswer = try await keyed.raw(Self.request(endpoint, keyed))
      let original = try Self.payload(keyedAnswer.body)
      let list = try #require(original[key]?.arrayValue, "\(endpoint): no list at \(key)")
      let shapedAnswer = try await shaped.raw(Self.request(endpoint, shaped))
      let payload = try Self.payload(shapedAnswer.body)
      switch form {
      case .keyed:
        #expect(payload == original, "\(endpoint)")
      case .bare:
        #expect(payload == .array(list), "\(endpoint)")
      case .items, .entries:
        #expect(payload[form.rawValue] == .array(list), "\(endpoint)")
        #expect(payload[key] == nil, "\(endpoint)")
      case .single:
        #expect(payload[key] == (list.first ?? .array([])), "\(endpoint)")
      }
      if form != .bare {
        let siblings = try #require(original.objectValue).filter { $0.key != key }
        for (name, value) in siblings {
          #expect(payload[name] == value, "\(endpoint): sibling \(name)")
        }
      }
    }
  }

  @Test("a request sent again with its idempotency key gets the reshaped answer again")
  func replayIsReshaped() async throws {
    let harness = SandboxHarness { _, sandbox in sandbox.listForm = .items }
    let key = "4b8e0c2a-list-form-replay"
    let request = try Self.request(.pointsHistory, harness, key: key)
    let first = try await SandboxTransport(harness.backend).send(request)
    let second = try await SandboxTransport(harness.backend).send(request)
    #expect(!first.isReplayed)
    #expect(second.isReplayed)
    #expect(second.body == first.body)
    let payload = try Self.payload(second.json)
    #expect(payload["items"]?.arrayValue?.isEmpty == false)
    #expect(payload["points_history"] == nil)
    #expect(payload["balance"] != nil)
    #expect(harness.backend.counters.idempotentReplays == 1)
  }

  @Test("a decline reaches the wire as it is, in every form", arguments: SandboxListForm.allCases)
  func declineOnTheWire(form: SandboxListForm) async throws {
    let keyed = SandboxHarness()
    let shaped = SandboxHarness { _, sandbox in sandbox.listForm = form }
    var bodies: [JSONValue?] = []
    for harness in [keyed, shaped] {
      let tokens = try #require(harness.backend.issueTokens(email: SandboxFixtures.userEmail(1)))
      let request = try harness.signed(
        .post, "/oauth/\(SandboxHarness.appUUID)/context",
        json: ["coupon": ["action": "validate", "coupon": "NO-SUCH-COUPON"]],
        headers: ["Authorization": "Bearer \(tokens.accessToken)"])
      bodies.append(try await harness.raw(request).body)
    }
    #expect(bodies[0]?["status"] == "0")
    #expect(bodies[1] == bodies[0])
  }
}
