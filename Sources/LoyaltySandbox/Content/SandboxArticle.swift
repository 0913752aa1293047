import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An article (carousel content), as `MAPP_CONTENT.articles` lists it.
public struct SandboxArticle: Sendable, Hashable {
  /// `uuid`.
  public let uuid: String
  /// `title`.
  public let title: SandboxText
  /// `subtitle`.
  public let subtitle: SandboxText
  /// `body`.
  public let body: SandboxText
  /// `category`: `news`, `tips`, `offers` or `energy`.
  public let category: String
  /// `tags`.
  public let tags: [String]
  /// `publish_date`, sent as `yyyy-MM-dd HH:mm:ss`.
  public let publishDate: Date
  /// `sorting`.
  public let sorting: Int

  func json(language: String) -> JSONValue {
    .object([
      "uuid": .string(uuid),
      "title": .string(title.text(for: language)),
      "subtitle": .string(subtitle.text(for: language)),
      "body": .string(body.text(for: language)),
      "category": .string(category),
      "tags": .array(tags.map(JSONValue.string)),
      "img_preview": .string("https://cdn.sandbox.loyalty.test/articles/\(uuid)/preview.jpg"),
      "url": .string("https://content.sandbox.loyalty.test/articles/\(uuid)"),
      "publish_date": .string(SandboxDate.format(publishDate, .seconds)),
      "sorting": .string(String(sorting)),
    ])
  }
}
