import LoyaltyCore

extension SandboxReply {
  /// This answer with its list laid out in `form`: the one place list forms are applied.
  ///
  /// Only a successful envelope (`status` "1") changes, and only when `answer` names a
  /// list its payload holds as an array: the payload is the `result` member, else the
  /// domain member `X` that has an `X-status` beside it. Declines, errors, raw bodies,
  /// answers without a list and the ``SandboxListForm/keyed`` form are returned as they
  /// are.
  func reshaped(list answer: SandboxRoute.Answer, form: SandboxListForm) -> SandboxReply {
    guard form != .keyed, case .list(let key) = answer,
      case .envelope(let status, var members) = body, status == "1",
      let member = Self.payloadMember(members),
      case .object(let payload)? = members[member],
      case .array(let list)? = payload[key]
    else { return self }
    members[member] = Self.reshaped(payload, list: list, key: key, form: form)
    var reply = self
    reply.body = .envelope(status: status, members: members)
    return reply
  }

  /// The member holding an answer's payload: `result`, else the domain `X` with an
  /// `X-status` beside it.
  static func payloadMember(_ members: [String: JSONValue]) -> String? {
    if members["result"] != nil { return "result" }
    return members.keys.sorted().first {
      !$0.hasSuffix("-status") && members[$0 + "-status"] != nil
    }
  }

  /// `payload`, whose `key` holds `list`, in `form`.
  private static func reshaped(
    _ payload: [String: JSONValue], list: [JSONValue], key: String, form: SandboxListForm
  ) -> JSONValue {
    var payload = payload
    switch form {
    case .keyed:
      break
    case .bare:
      return .array(list)
    case .items, .entries:
      payload[key] = nil
      payload[form.rawValue] = .array(list)
    case .single:
      payload[key] = list.first ?? .array([])
    }
    return .object(payload)
  }
}
