import Foundation
import LoyaltySecurity

/// `key-race <directory> <identifier> [<start-at>]`: gets or creates a 32-byte key with
/// ``FileKeyStore`` and writes it to standard output as base64.
///
/// Tests launch several at once to check that processes racing on first use all end
/// with one key. The optional `start-at` (Unix seconds) makes every process wait for
/// the same instant before touching the store, so their attempts overlap.
struct KeyRaceCommand {
  static func run(_ arguments: [String]) async throws {
    guard arguments.count == 2 || arguments.count == 3 else {
      throw HelperError(message: "usage: key-race <directory> <identifier> [<start-at>]")
    }
    let store = FileKeyStore(directory: URL(fileURLWithPath: arguments[0], isDirectory: true))
    if arguments.count == 3 {
      guard let startAt = Double(arguments[2]) else {
        throw HelperError(message: "start-at must be Unix seconds, got \(arguments[2])")
      }
      let delay = startAt - Date().timeIntervalSince1970
      if delay > 0 {
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
      }
    }
    let key = try await store.key(for: arguments[1], creatingWithByteCount: 32)
    FileHandle.standardOutput.write(Data((key.base64EncodedString() + "\n").utf8))
  }
}
