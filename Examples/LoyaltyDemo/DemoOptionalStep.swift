import LoyaltyCore

/// A step of the tour whose calls seed 000 does not define: a backend may not offer
/// them. When the step's call fails because the backend does not offer it
/// (`LoyaltyError.Code.notOffered`), the demo says so in one line and goes on; any other
/// failure ends the demo with a non-zero status.
enum DemoOptionalStep: CaseIterable {
  /// Step 12: the points-of-interest sync (`shops.retrieve_pois`).
  case pointsOfInterest
  /// Step 13: the account and payment flows (`/v1/...`).
  case flows
  /// Step 14: the merchant directory's manifest and snapshot.
  case directory

  /// What the backend does not offer, as the skip line and the summary name it.
  var offering: String {
    switch self {
    case .pointsOfInterest: "points-of-interest sync"
    case .flows: "account and payment flows"
    case .directory: "merchant directory"
    }
  }

  /// Whether `error`, thrown by the step, says the backend does not offer the step's
  /// calls: the SDK's own reading (`LoyaltyError.Code.notOffered`: a 400, 404, 405 or
  /// 501 from the step's first call, a declined status, or an answer without what the
  /// call asked for), never the error's text.
  func isNotOffered(_ error: any Error) -> Bool {
    (error as? LoyaltyError)?.code == .notOffered
  }
}
