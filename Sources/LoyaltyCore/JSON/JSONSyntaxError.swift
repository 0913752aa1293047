/// Why a text is not JSON, and where: what ``JSONTape`` and ``JSONValue`` report, inside
/// the ``LoyaltyError`` they throw, when a text does not parse.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, as a phrase: `unexpected character`, `unterminated string`.
  package let reason: String
  /// Where the parser found it: the offending byte, or the end of the text when the text
  /// stops too early.
  package let position: JSONPosition

  /// An error at `offset` in `bytes`; its line and column are worked out now.
  init(_ reason: String, at offset: Int, in bytes: UnsafeRawBufferPointer) {
    self.reason = reason
    self.position = JSONPosition(offset: offset, in: bytes)
  }

  /// `reason at line L, column C (byte B)`.
  package var description: String { "\(reason) at \(position)" }

  /// The error the SDK throws for a body of `byteCount` bytes that is not JSON:
  /// ``LoyaltyError/Code/invalidResponse``, its message naming the reason and where.
  package func loyaltyError(byteCount: Int) -> LoyaltyError {
    LoyaltyError(.invalidResponse, "The body is not valid JSON (\(byteCount) bytes): \(self).")
  }
}
