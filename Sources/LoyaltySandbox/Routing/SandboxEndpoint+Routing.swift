package import LoyaltyCore

extension SandboxEndpoint {
  /// The call the sandbox answers `request` with, read by its router from the method, the
  /// path and the body (wrapper key and `action` for context calls), whatever
  /// ``SandboxConfiguration/offers`` says; `nil` when no route takes it.
  ///
  /// For tests that check that the sandbox answers every call a client declares.
  package static func routing(_ request: HTTPRequest, appUUID: String) -> SandboxEndpoint? {
    switch SandboxRouter(appUUID: appUUID).matchRoute(SandboxRequest(request)) {
    case .route(let route, _, _): route.endpoint
    case .refused: nil
    }
  }
}
