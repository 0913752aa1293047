/// Which requests a fault applies to.
public enum SandboxFaultTarget: Sendable, Hashable {
  /// Any request.
  case any
  /// Requests for one call.
  case endpoint(SandboxEndpoint)
  /// Requests whose path starts with this prefix: `"/oauth/"`, `"/api/async/"`.
  case pathPrefix(String)

  /// Whether a request for `endpoint` at `path` is targeted.
  func matches(_ endpoint: SandboxEndpoint, path: String) -> Bool {
    switch self {
    case .any: true
    case .endpoint(let target): target == endpoint
    case .pathPrefix(let prefix): path.hasPrefix(prefix)
    }
  }
}
