extension SandboxRouter {
  /// The route for `request`, or, when it is for an optional call this backend does not
  /// offer (``SandboxConfiguration/offers``), the answer of
  /// ``SandboxConfiguration/unofferedAnswer`` (a 404 as a server without the call answers,
  /// by default), whatever else is wrong with the request.
  func match(_ request: SandboxRequest) -> Match {
    let found = matchRoute(request)
    let endpoint: SandboxEndpoint
    switch found {
    case .route(let route, _, _): endpoint = route.endpoint
    case .refused(let refused, _): endpoint = refused
    }
    guard let member = SandboxOffers.member(for: endpoint), !offers.contains(member) else {
      return found
    }
    switch unofferedAnswer {
    case .emptySuccess: return .refused(endpoint, .emptySuccess)
    case .otherCallAnswer: return .refused(endpoint, .otherCallAnswer)
    case .status(let status):
      return .refused(endpoint, .error(status, "This backend does not offer \(endpoint)."))
    default:
      return .refused(endpoint, .error(404, "This backend does not offer \(endpoint)."))
    }
  }
}
