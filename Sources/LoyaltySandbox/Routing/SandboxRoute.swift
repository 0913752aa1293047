/// One call the backend answers: its name, how it authenticates, what its answer holds,
/// and its handler.
struct SandboxRoute: Sendable {
  /// How a route's caller proves who it is, beyond the signed headers.
  enum Auth: Sendable {
    case standard
    case bearer
    case basic
  }

  /// What a successful answer of the route holds, for the list forms
  /// (``SandboxListForm``): every route says it, so a new call cannot leave its list
  /// unnamed.
  enum Answer: Sendable, Hashable {
    /// A payload object (the `MAPP_*` domain member or `result`) holding its list under
    /// this key, next to any siblings.
    case list(String)
    /// A payload that is one object (a card, a profile): under the member `name` of the
    /// payload when `keyed`, else the payload itself. The object forms
    /// (``SandboxObjectForm``) move it.
    case model(String, keyed: Bool)
    /// A payload object without a list that is not one model (counts by coupon set).
    case object
    /// No payload member: status and fields only (tokens, messages, flow steps), or a
    /// body that is not an envelope.
    case noPayload
  }

  /// Where a request finds the route.
  enum Place: Sendable, Hashable {
    /// A context call: the body's domain wrapper key and its `action`; ``Auth/standard``
    /// routes are served on the standard context, ``Auth/bearer`` ones on the
    /// authenticated context.
    case context(domain: String, action: String)
    /// `POST /user/{appUUID}/{action}`.
    case userManagement(action: String)
    /// A path of its own, matched by the router by name (``SandboxRoutes/singleCampaign``).
    case path
  }

  typealias Handler = @Sendable (SandboxCall, inout SandboxState) -> SandboxReply

  let place: Place
  let endpoint: SandboxEndpoint
  let auth: Auth
  let answer: Answer
  let handler: Handler

  /// A route; `place` is ``Place/path`` for one the router matches by name.
  init(
    _ place: Place = .path, endpoint: SandboxEndpoint, auth: Auth, answer: Answer,
    handler: @escaping Handler
  ) {
    self.place = place
    self.endpoint = endpoint
    self.auth = auth
    self.answer = answer
    self.handler = handler
  }

  /// Runs the handler and lays its answer's list out in the configured
  /// ``SandboxConfiguration/listForm`` and ``SandboxConfiguration/objectForm``: what a request that reaches the route gets, and
  /// what an idempotency key remembers.
  func run(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    handler(call, &state).reshaped(list: answer, form: call.configuration.listForm)
      .reshaped(object: answer, form: call.configuration.objectForm, wrapper: call.wrapper)
  }
}
