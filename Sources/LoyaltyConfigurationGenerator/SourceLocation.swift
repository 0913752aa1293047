import LoyaltyCore

/// A position in a text file: 1-based line, and 1-based column counted in UTF-8 bytes,
/// as compilers report it.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in UTF-8 bytes.
  public var column: Int

  /// Creates a location.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The line and column of a position in a JSON text, which counts them the same way.
  init(_ position: JSONPosition) {
    self.init(line: position.line, column: position.column)
  }

  /// The start of a file, where a problem with no better position is reported.
  public static let start = SourceLocation(line: 1, column: 1)

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}
