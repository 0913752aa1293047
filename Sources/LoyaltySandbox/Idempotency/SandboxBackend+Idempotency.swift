import LoyaltyCore
import LoyaltyNetwork

extension SandboxBackend {
  /// The header a replayed answer carries, `Idempotent-Replayed: true`: the request's
  /// `Idempotency-Key` had been answered, and this is that first answer again (chosen
  /// here; the seed has no such header).
  public static let idempotentReplayedHeader = "Idempotent-Replayed"

  /// Runs `route` for `call` (its handler, then its answer laid out in the list form),
  /// at most once per idempotency key.
  ///
  /// A request that is not a GET or HEAD and carries `Idempotency-Key` is looked up in
  /// the book by its scope (the key, the method and path, and `caller`): the first
  /// request of a scope runs the handler and its answer is recorded as sent, list form
  /// applied, whatever it is (a success, a decline, a 400 from the handler); a later one with the same body gets
  /// that answer again, marked with ``idempotentReplayedHeader``, and the handler does
  /// not run; one with another body gets 422 and changes nothing. A key that is not 1 to
  /// 255 visible ASCII characters (without commas or quotes) is refused with 400.
  /// Anything else runs the handler as usual.
  ///
  /// It runs under the state's lock, so two requests with the same key cannot both act.
  /// - Parameter caller: Who sent the request, as far as the sandbox can tell: the
  ///   bearer token's user, the partner, or the device.
  func runOnce(
    _ route: SandboxRoute, _ call: SandboxCall, caller: String, state: inout SandboxState
  ) -> SandboxReply {
    let request = call.request
    guard request.method != .get, request.method != .head,
      let header = request.headers[IdempotencyKey.headerName]
    else {
      return route.run(call, &state)
    }
    guard let key = IdempotencyKey(header) else {
      return .error(
        400,
        "The \(IdempotencyKey.headerName) header must be 1 to 255 visible ASCII characters, "
          + "without commas or quotes.",
        extra: ["field": .string(IdempotencyKey.headerName)])
    }
    let scope = SandboxIdempotencyBook.scope(
      key: key.rawValue, method: request.method, path: request.path, caller: caller)
    let fingerprint = SandboxIdempotencyBook.fingerprint(Array(request.body))
    switch state.idempotency.lookup(scope, fingerprint: fingerprint) {
    case .replay(var reply):
      state.counters.idempotentReplays += 1
      reply.headers.replaceOrAdd(name: Self.idempotentReplayedHeader, value: "true")
      return reply
    case .conflict:
      state.counters.idempotencyConflicts += 1
      return .error(
        422,
        "The \(IdempotencyKey.headerName) was already used for a request with another body.")
    case .new:
      let reply = route.run(call, &state)
      let forgottenBefore = state.idempotency.forgotten
      state.idempotency.record(
        reply, scope: scope, fingerprint: fingerprint,
        keepingAtMost: configuration.maxIdempotencyKeys)
      state.counters.idempotencyKeysForgotten += state.idempotency.forgotten - forgottenBefore
      return reply
    }
  }
}
