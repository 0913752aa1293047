/// One call the backend answers: its name, how it authenticates, and its handler.
struct SandboxRoute: Sendable {
  /// How a route's caller proves who it is, beyond the signed headers.
  enum Auth: Sendable {
    case standard
    case bearer
    case basic
  }

  typealias Handler = @Sendable (SandboxCall, inout SandboxState) -> SandboxReply

  let endpoint: SandboxEndpoint
  let auth: Auth
  let handler: Handler
}
