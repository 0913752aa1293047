/// A failure of a helper command, printed by `main`.
struct HelperError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
