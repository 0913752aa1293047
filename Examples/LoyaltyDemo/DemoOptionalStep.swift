import LoyaltyCore

/// A step of the tour whose calls seed 000 does not define: a backend may not offer
/// them. When the step's call fails because the backend does not offer it, the demo says
/// so in one line and goes on; any other failure ends the demo with a non-zero status.
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

  /// The step's first call, as an error names it in its `endpoint` metadata: a backend
  /// that offers the step answers it. A 404 from a later call (an unknown payment
  /// reference, a snapshot gone) is a failure like any other.
  var entryCall: String {
    switch self {
    case .pointsOfInterest: "retrieve_pois"
    case .flows: "flowClientVerification"
    case .directory: "directoryManifest"
    }
  }

  /// The statuses that say a server has no such call: 404 Not Found, 501 Not
  /// Implemented.
  static let notOfferedStatuses: Set<Int> = [404, 501]

  /// The codes of an error that carries the status of the call's answer in `status`.
  static let statusCodes: Set<LoyaltyError.Code> = [
    .httpStatus, .directoryDownloadFailed, .flowStepRejected, .flowFatalStatus,
  ]

  /// Whether `error`, thrown by the step, says the backend does not offer the step's
  /// calls, decided from the error's code and metadata (never its text):
  ///
  /// - the step's first call (``entryCall``) answered 404 or 501: `httpStatus` (points
  ///   of interest), `directoryDownloadFailed` (directory), `flowStepRejected` or
  ///   `flowFatalStatus` (flows), each with the status in `status`;
  /// - points of interest: the context call answered 400, which is how the backend
  ///   answers a domain or action it does not know (the request is the SDK's own, well
  ///   formed); or an answer without the `MAPP_SHOPS` object at all;
  /// - directory: a manifest answer that holds no manifest;
  /// - flows: a client verification answered without an access token.
  func isNotOffered(_ error: any Error) -> Bool {
    guard let error = error as? LoyaltyError else { return false }
    let status = error.metadata["status"].flatMap { Int($0) }
    let fromEntryCall = error.metadata["endpoint"] == entryCall
    if let status, fromEntryCall, Self.notOfferedStatuses.contains(status),
      Self.statusCodes.contains(error.code)
    {
      return true
    }
    switch self {
    case .pointsOfInterest:
      return (error.code == .httpStatus && status == 400 && fromEntryCall)
        || (error.code == .poiSyncFailed && error.metadata["field"] == "MAPP_SHOPS")
    case .directory:
      return error.code == .directoryManifestInvalid
    case .flows:
      return error.code == .missingField && error.metadata["field"] == "access_token"
    }
  }
}
