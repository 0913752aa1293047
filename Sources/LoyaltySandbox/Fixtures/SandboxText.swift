/// A text in the two languages the platform serves: Greek (`el`) and English.
public struct SandboxText: Sendable, Hashable {
  /// The Greek text.
  public let greek: String
  /// The English text.
  public let english: String

  /// Creates a text.
  public init(greek: String, english: String) {
    self.greek = greek
    self.english = english
  }

  /// The text for a request's `language`: Greek for `el`, English otherwise.
  public func text(for language: String) -> String {
    language == "el" ? greek : english
  }
}
