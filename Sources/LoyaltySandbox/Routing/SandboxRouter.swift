import LoyaltyCore

/// Finds the route for a request: by path, then, for context calls, by the body's
/// domain wrapper key and `action`.
struct SandboxRouter: Sendable {
  /// What the router found.
  enum Match: Sendable {
    /// A route, with the fields its handler reads and any captured path segment.
    case route(SandboxRoute, fields: [String: JSONValue], pathValue: String?)
    /// A refusal: the call it was meant to be (or ``SandboxEndpoint/unrouted``) and the
    /// error a real server gives.
    case refused(SandboxEndpoint, SandboxReply)
  }

  let appUUID: String
  /// The optional calls served; the others are answered 404 (`SandboxRouter+Offers`).
  var offers: SandboxOffers = .all
  /// How a call that is not offered is answered (``SandboxConfiguration/unofferedAnswer``).
  var unofferedAnswer: SandboxFault = .status(404)

  /// The route for `request` in the full table, whatever ``offers`` says.
  func matchRoute(_ request: SandboxRequest) -> Match {
    let segments = request.segments
    switch segments.count {
    case 3 where segments[0] == "partners" && segments[1] == "dei" && segments[2] == "login":
      return post(request, SandboxRoutes.emailLogin)
    case 3 where segments[0] == "partners" && segments[1] == "cosmote" && segments[2] == "verify":
      return post(request, SandboxRoutes.verifyTicket)
    case 4 where segments[0] == "partners" && segments[1] == "oauth" && segments[3] == "token":
      return post(request, SandboxRoutes.partnerUser, app: segments[2])
    case 3 where segments[0] == "oauth" && segments[2] == "token":
      return post(request, SandboxRoutes.refresh, app: segments[1])
    case 3 where segments[0] == "oauth" && segments[2] == "logout":
      return post(request, SandboxRoutes.logout, app: segments[1])
    case 3 where segments[0] == "oauth" && segments[2] == "context":
      return context(request, app: segments[1], authenticated: true)
    case 5
    where segments[0] == "api" && segments[1] == "mobile" && segments[2] == "v2"
      && segments[4] == "context":
      return context(request, app: segments[3], authenticated: false)
    case 3 where segments[0] == "user":
      guard let route = SandboxRoutes.userManagement[segments[2]] else {
        return .refused(.unrouted, .error(404, "Unknown user action \"\(segments[2])\"."))
      }
      return post(request, route, app: segments[1])
    case 3 where segments[0] == "api" && segments[1] == "session":
      guard request.method == .get else {
        return .refused(.singleCampaign, .error(405, "Use GET for a session."))
      }
      return .route(SandboxRoutes.singleCampaign, fields: [:], pathValue: segments[2])
    case 4 where segments[0] == "api" && segments[1] == "async" && segments[2] == "analytics":
      return post(request, SandboxRoutes.analytics, app: segments[3])
    case 4 where segments[0] == "api" && segments[1] == "async" && segments[2] == "info":
      return post(request, SandboxRoutes.deviceInfo, app: segments[3])
    default:
      if let directory = directoryMatch(request) { return directory }
      if segments.first == "v1" {
        return flowMatch(request)
      }
      return .refused(.unrouted, .error(404, "No such endpoint: \(request.path)."))
    }
  }

  /// A POST route whose fields are the whole JSON body.
  private func post(_ request: SandboxRequest, _ route: SandboxRoute, app: String? = nil)
    -> Match
  {
    if let app, app != appUUID {
      return .refused(route.endpoint, .error(404, "Unknown application."))
    }
    guard request.method == .post else {
      return .refused(route.endpoint, .error(405, "Use POST for \(route.endpoint)."))
    }
    return .route(route, fields: request.json?.objectValue ?? [:], pathValue: nil)
  }

  /// A context call: the body names the domain and the action.
  private func context(
    _ request: SandboxRequest, app: String, authenticated: Bool
  ) -> Match {
    let table = authenticated ? SandboxRoutes.authenticatedContext : SandboxRoutes.standardContext
    let other = authenticated ? SandboxRoutes.standardContext : SandboxRoutes.authenticatedContext
    guard app == appUUID else {
      return .refused(.unrouted, .error(404, "Unknown application."))
    }
    guard request.method == .post else {
      return .refused(.unrouted, .error(405, "Use POST for context calls."))
    }
    if let problem = request.bodyProblem {
      return .refused(.unrouted, .error(400, problem))
    }
    guard case .object(let body)? = request.json else {
      return .refused(
        .unrouted, .error(400, "A context call needs a JSON object body: {\"<domain>\": {...}}."))
    }
    let known = body.keys.filter { table[$0] != nil }.sorted()
    guard let domain = known.first else {
      if let misplaced = body.keys.sorted().first(where: { other[$0] != nil }) {
        return .refused(
          .unrouted,
          .error(400, "The domain \"\(misplaced)\" is not served in this context."))
      }
      return .refused(
        .unrouted,
        .error(
          400, "The body has no known domain wrapper key.",
          extra: ["expected": .array(table.keys.sorted().map(JSONValue.string))]))
    }
    guard known.count == 1 else {
      return .refused(.unrouted, .error(400, "The body names more than one domain."))
    }
    guard case .object(let fields)? = body[domain] else {
      return .refused(.unrouted, .error(400, "The \"\(domain)\" wrapper must be an object."))
    }
    guard let action = fields["action"]?.stringValue, !action.isEmpty else {
      return .refused(.unrouted, .badField("\(domain).action", "is required"))
    }
    guard let route = table[domain]?[action] else {
      if let elsewhere = other[domain]?[action] {
        let needed = elsewhere.auth == .bearer ? "the authenticated" : "the standard"
        return .refused(
          elsewhere.endpoint,
          .error(400, "\(domain).\(action) is served in \(needed) context."))
      }
      return .refused(.unrouted, .error(400, "Unknown action \"\(action)\" for \(domain)."))
    }
    return .route(route, fields: fields, pathValue: nil)
  }
}
