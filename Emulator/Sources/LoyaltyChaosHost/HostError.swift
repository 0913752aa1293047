/// A failure of the chaos host itself (not of the SDK), with what went wrong.
struct HostError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
