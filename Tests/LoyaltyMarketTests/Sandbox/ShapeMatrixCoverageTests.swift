import LoyaltySandbox
import Testing

/// Where each call the sandbox answers is run in every envelope and list form: in the
/// matrix of the product that makes it, or nowhere, with the reason. A call added to the
/// sandbox fails here until it is placed.
@Suite("The shape matrices cover every call the sandbox answers")
struct ShapeMatrixCoverageTests {
  /// Where a call is run in every envelope and list form.
  enum Coverage: Sendable, Equatable {
    /// In ``MarketShapeCall/all``.
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

  /// Every endpoint, placed.
  static let coverage: [SandboxEndpoint: Coverage] = [
    .emailLogin: session, .verifyTicket: session, .partnerUser: session, .refreshToken: session,
    .logout: session,
    .analytics: .excluded("the analytics upload: counts accepted, no list, nothing decoded"),
    .deviceInfo: .excluded("the device registration: status only, nothing decoded"),
    .unrouted: .excluded("not a call: what the sandbox counts for a request no route matched"),
    .campaigns: .market, .personalizedCampaigns: .market, .singleCampaign: .market,
    .couponAvailability: .market, .couponSets: .market, .coupons: .market,
    .validateCoupon: .market, .redeemCoupon: .market, .redeemedSupermarketHistory: .market,
    .merchants: .market, .merchantCategories: .market, .articles: .market, .profile: .market,
    .transactions: .market, .pointsHistory: .market, .marketPass: .market, .addCard: .market,
    .cards: .market, .deleteCard: .market, .register: .market, .changePassword: .market,
    .resetPassword: .market, .requestOTP: .market,
    .pointsOfInterest: location,
    .directoryManifest: directory, .directorySnapshot: directory,
    .flowToken: flows, .pinSendOtp: flows, .pinResendOtp: flows, .pinVerifyOtp: flows,
    .setPIN: flows, .changePIN: flows, .forgotPINReset: flows, .cpqrcValidate: flows,
    .cpqrcConfirm: flows, .cpqrcStatus: flows, .cpqrcResendOtp: flows,
  ]

  @Test("every endpoint is in a matrix, or excluded with a reason")
  func everyEndpointIsPlaced() {
    for endpoint in SandboxEndpoint.allCases {
      #expect(Self.coverage[endpoint] != nil, "\(endpoint) is in no matrix table and not excluded")
    }
  }

  @Test("the market's are the market matrix's endpoints")
  func marketTable() {
    let placed = Set(Self.coverage.filter { $0.value == .market }.keys)
    #expect(placed == Set(MarketShapeCall.all.map(\.endpoint)))
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
