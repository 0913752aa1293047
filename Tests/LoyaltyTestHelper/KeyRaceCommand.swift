struct KeyRaceCommand {
  static func run(_ arguments: [String]) async throws {
    throw HelperError(message: "KeyRace is not available in this build")
  }
}
