/// Why the emulator could not serve.
public struct EmulatorError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
