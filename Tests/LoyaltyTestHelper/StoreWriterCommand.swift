struct StoreWriterCommand {
  static func run(_ arguments: [String]) async throws {
    throw HelperError(message: "StoreWriter is not available in this build")
  }
}
