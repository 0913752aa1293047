import LoyaltyCore

extension SandboxReply {
  /// This answer with its object laid out in `form`: the one place object forms are
  /// applied. Only a successful envelope (`status` "1") changes; `wrapper` is the call's
  /// domain wrapper key (`cards`), which names the `MAPP_*` key of
  /// ``SandboxObjectForm/domain``.
  func reshaped(
    object answer: SandboxRoute.Answer, form: SandboxObjectForm, wrapper: String?
  ) -> SandboxReply {
    guard form != .own, case .envelope(let status, var members) = body, status == "1" else {
      return self
    }
    switch (form, answer) {
    case (.bare, .model(let name, keyed: true)), (.wrapped, .model(let name, keyed: false)):
      guard let member = Self.payloadMember(members), case .object(let payload)? = members[member]
      else { return self }
      if form == .bare {
        guard case .object? = payload[name] else { return self }
        members[member] = payload[name]
      } else {
        members[member] = .object([name: .object(payload)])
      }
    case (.domain, _):
      guard let wrapper, let result = members.removeValue(forKey: "result") else { return self }
      let domain = "MAPP_" + wrapper.uppercased()
      members[domain] = result
      members[domain + "-status"] = 1
    default:
      return self
    }
    var reply = self
    reply.body = .envelope(status: status, members: members)
    return reply
  }

  /// A success that holds nothing: `{"status": "1", "context": {}}`, what a backend
  /// answers a call it knows nothing about without failing it.
  static let emptySuccess = ok([:])

  /// The answer of another call, the merchants list (`MAPP_SHOPS.shops`, and the same
  /// merchants as `result`), as a backend that knows the `shops` wrapper only for its
  /// merchants answers any action of it.
  static let otherCallAnswer: SandboxReply = {
    let merchants: JSONValue = [
      ["uuid": "m-foreign-1", "name": "Foreign merchant", "category": "food"],
      ["uuid": "m-foreign-2", "name": "Other merchant", "category": "fuel"],
    ]
    return ok(["MAPP_SHOPS": ["shops": merchants], "MAPP_SHOPS-status": 1, "result": merchants])
  }()
}
