/// A command line the command does not understand.
struct UsageError: Error, CustomStringConvertible {
  /// What is wrong with it.
  let description: String

  /// An error saying `description`.
  init(_ description: String) {
    self.description = description
  }
}
