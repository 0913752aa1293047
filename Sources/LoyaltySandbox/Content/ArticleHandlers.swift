import LoyaltyCore

/// `content.retrieve_multilingual`: the articles, by `sorting`.
enum ArticleHandlers {
  /// The calls of this group the sandbox answers; ``SandboxRoutes`` gathers them.
  static let routes: [SandboxRoute] = [
    SandboxRoute(
      .context(domain: "content", action: "retrieve_multilingual"), endpoint: .articles,
      auth: .standard, answer: .list("articles"), handler: ArticleHandlers.articles)
  ]

  static let domain = "MAPP_CONTENT"

  static func articles(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    let categories = call.strings("categories").map(Set.init)
    let language = call.language
    let articles = call.catalog.articles.filter { categories?.contains($0.category) ?? true }
      .sorted { $0.sorting < $1.sorting }
    return .context(domain, ["articles": .array(articles.map { $0.json(language: language) })])
  }
}
