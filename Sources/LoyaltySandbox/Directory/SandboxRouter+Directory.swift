import LoyaltyCore

extension SandboxRouter {
  /// A directory call: `GET /api/mobile/v2/{appUUID}/directory/manifest` or
  /// `GET /api/mobile/v2/{appUUID}/directory/snapshot/{version}`; `nil` for other paths.
  func directoryMatch(_ request: SandboxRequest) -> Match? {
    let segments = request.segments
    guard segments.count >= 6, segments[0] == "api", segments[1] == "mobile",
      segments[2] == "v2", segments[4] == "directory"
    else { return nil }
    let found: (SandboxRoute, String?)
    switch segments.count {
    case 6 where segments[5] == "manifest": found = (SandboxRoutes.directoryManifest, nil)
    case 7 where segments[5] == "snapshot": found = (SandboxRoutes.directorySnapshot, segments[6])
    default: return .refused(.unrouted, .error(404, "No such endpoint: \(request.path)."))
    }
    guard segments[3] == appUUID else {
      return .refused(found.0.endpoint, .error(404, "Unknown application."))
    }
    guard request.method == .get else {
      return .refused(found.0.endpoint, .error(405, "Use GET for \(found.0.endpoint)."))
    }
    return .route(found.0, fields: [:], pathValue: found.1)
  }
}
