import LoyaltyCore

/// The merchant calls: `shops.retrieve_multilingual` and `shops.retrieve_categories`.
enum MerchantHandlers {
  /// The calls of this group the sandbox answers; ``SandboxRoutes`` gathers them.
  static let routes: [SandboxRoute] = [
    SandboxRoute(
      .context(domain: "shops", action: "retrieve_multilingual"), endpoint: .merchants,
      auth: .standard, answer: .list("shops"), handler: MerchantHandlers.merchants),
    SandboxRoute(
      .context(domain: "shops", action: "retrieve_categories"), endpoint: .merchantCategories,
      auth: .standard, answer: .list("categories"), handler: MerchantHandlers.categories),
  ]

  static let domain = "MAPP_SHOPS"

  /// `shops.retrieve_multilingual`, standard context: merchants matching the filters;
  /// with a `center`, nearest first and each with its `distance` in kilometres.
  static func merchants(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    let filter: MerchantFilter
    switch MerchantFilter.read(call) {
    case .success(let read): filter = read
    case .failure(let error): return error.reply
    }
    let language = call.language
    guard let center = filter.center else {
      let shops = call.catalog.merchants.filter(filter.matches)
      return .context(
        domain, ["shops": .array(shops.map { $0.json(language: language, distance: nil) })])
    }
    var located: [(merchant: SandboxMerchant, distance: Double)] = []
    for merchant in call.catalog.merchants where filter.matches(merchant) {
      let distance = MerchantFilter.kilometres(from: center, to: merchant)
      if let limit = filter.distance, distance > limit { continue }
      located.append((merchant, distance))
    }
    located.sort { $0.distance < $1.distance }
    return .context(
      domain,
      ["shops": .array(located.map { $0.merchant.json(language: language, distance: $0.distance) })]
    )
  }

  /// `shops.retrieve_categories`, standard context.
  static func categories(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    let language = call.language
    return .context(
      domain,
      ["categories": .array(call.catalog.categories.map { $0.json(language: language) })])
  }
}
