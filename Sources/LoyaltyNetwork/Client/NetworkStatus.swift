/// Whether the backend is reachable, judged from recent transport outcomes.
public enum NetworkStatus: String, Sendable, Equatable {
  /// The last call got a response.
  case reachable
  /// The last call could not reach the server (refused, timed out, no route).
  case unreachable
  /// No call has been made yet.
  case unknown
}
