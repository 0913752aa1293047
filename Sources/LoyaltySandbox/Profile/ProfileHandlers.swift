import LoyaltyCore

/// The `consumer_data` calls: the profile and the user's histories.
enum ProfileHandlers {
  /// The calls of this group the sandbox answers; ``SandboxRoutes`` gathers them.
  static let routes: [SandboxRoute] = [
    SandboxRoute(
      .context(domain: "consumer_data", action: "handle_user_details"), endpoint: .profile,
      auth: .bearer, answer: .model("profile", keyed: false), handler: ProfileHandlers.profile),
    SandboxRoute(
      .context(domain: "consumer_data", action: "get_transaction_history"), endpoint: .transactions,
      auth: .bearer, answer: .list("transactions"), handler: ProfileHandlers.transactions),
    SandboxRoute(
      .context(domain: "consumer_data", action: "get_points_history"), endpoint: .pointsHistory,
      auth: .bearer, answer: .list("points_history"), handler: ProfileHandlers.pointsHistory),
  ]

  /// `consumer_data.handle_user_details` `{"process": "get"}`.
  static func profile(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let user = call.userID.flatMap({ state.users[$0] }) else {
      return SandboxReply.invalidToken
    }
    guard call.string("process") == "get" else {
      return .badField("process", "must be \"get\"")
    }
    return .result(user.profileJSON())
  }

  /// `consumer_data.get_transaction_history` `{"product_detail": "minimal" | "full"}`.
  static func transactions(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let user = call.userID.flatMap({ state.users[$0] }) else {
      return SandboxReply.invalidToken
    }
    let detail = call.string("product_detail") ?? "minimal"
    guard detail == "minimal" || detail == "full" else {
      return .badField("product_detail", "must be \"minimal\" or \"full\"")
    }
    return .result([
      "transactions": .array(user.transactions.map { $0.json(withProducts: detail == "full") })
    ])
  }

  /// `consumer_data.get_points_history`.
  static func pointsHistory(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let user = call.userID.flatMap({ state.users[$0] }) else {
      return SandboxReply.invalidToken
    }
    return .result([
      "points_history": .array(user.pointsHistory.map { $0.json() }),
      "balance": .string(String(user.points)),
    ])
  }
}
