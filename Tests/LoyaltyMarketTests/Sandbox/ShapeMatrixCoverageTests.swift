import LoyaltyMarket
import LoyaltySandbox
import Testing

/// Where each call the sandbox answers is run in every envelope and list form: in the
/// matrix of the product that makes it, or nowhere, with the reason. The market's calls are
/// placed by `MarketEndpoints.allCalls` itself; any other call added to the sandbox fails
/// here until it is placed.
@Suite("The shape matrices cover every call the sandbox answers")
struct ShapeMatrixCoverageTests {
  /// Where a call is run in every envelope and list form.
  enum Coverage: Sendable, Equatable {
    /// In ``MarketCall/all``.
    case market
    /// In the matrix of another product's test target, named.
    case matrix(String)
    /// In no matrix, for the reason given.
    case excluded(String)
  }

  static let location = Coverage.matrix("LoyaltyLocationTests, LocationShapeMatrixTests")
  static let directory = Coverage.matrix("LoyaltyDirectoryTests, DirectoryShapeMatrixTests")
  static let flows = Coverage.matrix("LoyaltyFlowsTests, FlowShapeMatrixTests")
  static let session = Coverage.excluded(
    "the network session's token calls: tokens or a message, no list; every matrix logs in")

  /// Every endpoint that is not a market call's, placed.
  static let coverage: [SandboxEndpoint: Coverage] = [
    .emailLogin: session, .verifyTicket: session, .partnerUser: session, .refreshToken: session,
    .logout: session,
    .analytics: .excluded("the analytics upload: counts accepted, no list, nothing decoded"),
    .deviceInfo: .excluded("the device registration: status only, nothing decoded"),
    .unrouted: .excluded("not a call: what the sandbox counts for a request no route matched"),
    .pointsOfInterest: location,
    .directoryManifest: directory, .directorySnapshot: directory,
    .flowToken: flows, .pinSendOtp: flows, .pinResendOtp: flows, .pinVerifyOtp: flows,
    .setPIN: flows, .changePIN: flows, .forgotPINReset: flows, .cpqrcValidate: flows,
    .cpqrcConfirm: flows, .cpqrcStatus: flows, .cpqrcResendOtp: flows,
  ]

  /// Where the endpoint is covered: the market's matrix for a declared market call, else
  /// the table.
  static func placement(of endpoint: SandboxEndpoint, market: Set<SandboxEndpoint>) -> Coverage? {
    market.contains(endpoint) ? .market : coverage[endpoint]
  }

  @Test("every endpoint is in a matrix, or excluded with a reason")
  func everyEndpointIsPlaced() throws {
    let market = try SandboxCoverageTests.marketEndpoints()
    for endpoint in SandboxEndpoint.allCases {
      #expect(
        Self.placement(of: endpoint, market: market) != nil,
        "\(endpoint) is in no matrix table and not excluded")
    }
  }

  @Test("the table places no market call: allCalls does")
  func tableLeavesMarketCallsOut() throws {
    let market = try SandboxCoverageTests.marketEndpoints()
    #expect(market.intersection(Self.coverage.keys).isEmpty)
    #expect(!market.isEmpty)
  }

  @Test("the market matrix runs every declared market call's endpoint, and nothing else")
  func marketTable() throws {
    let market = try SandboxCoverageTests.marketEndpoints()
    #expect(market == Set(MarketCall.all.map(\.endpoint)))
  }

  @Test("no call whose answer holds a list is excluded")
  func noListExcluded() {
    for (endpoint, coverage) in Self.coverage {
      if case .excluded = coverage {
        #expect(endpoint.listKey == nil, "\(endpoint) answers a list but is in no matrix")
      }
    }
  }
}
