/// Why an audit could not run: the dump could not be had or read, or a file not read.
public struct AuditError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, for the command line.
  public let description: String

  /// An error saying `description`.
  init(_ description: String) {
    self.description = description
  }
}
