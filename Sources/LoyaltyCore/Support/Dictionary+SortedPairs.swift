extension Dictionary where Key == String, Value == String {
  /// The pairs sorted by key, each written `key<between>value`, joined by `separator`:
  /// what descriptions, summaries, errors and log lines print their facts with.
  ///
  /// One function, not inlined, sorting through the shared sort of `stablySorted(by:)`.
  @inline(never)
  package func sortedPairs(_ between: String, separator: String) -> String {
    stablySorted { $0.key < $1.key }.map { $0.key + between + $0.value }
      .joined(separator: separator)
  }
}
