import Foundation

// A child process for tests that need a second process or a hard kill.
//
// Usage: LoyaltyTestHelper <command> [arguments...]
// Each command lives in its own file as a type with `static func run(_:) async throws`.

let arguments = Array(CommandLine.arguments.dropFirst())
let commands: [String: @Sendable ([String]) async throws -> Void] = [
  "key-race": KeyRaceCommand.run,
  "store-writer": StoreWriterCommand.run,
  "event-tracker": EventTrackerCommand.run,
  "privacy-setter": PrivacySetterCommand.run,
  "cache-writer": CacheWriterCommand.run,
]

guard let name = arguments.first, let command = commands[name] else {
  FileHandle.standardError.write(
    Data("usage: LoyaltyTestHelper \(commands.keys.sorted().joined(separator: "|")) ...\n".utf8))
  exit(64)
}

do {
  try await command(Array(arguments.dropFirst()))
  exit(0)
} catch {
  FileHandle.standardError.write(Data("\(name) failed: \(error)\n".utf8))
  exit(1)
}
