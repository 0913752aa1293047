extension StringProtocol {
  /// The text without leading and trailing spaces and tabs: what
  /// `trimmingCharacters(in: .whitespaces)` removes.
  package func trimmingWhitespaces() -> String {
    trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
  }

  /// The text without leading and trailing white space and line breaks: what
  /// `trimmingCharacters(in: .whitespacesAndNewlines)` removes.
  package func trimmingWhitespacesAndNewlines() -> String {
    trimming { $0.properties.isWhitespace }
  }

  private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = String(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
