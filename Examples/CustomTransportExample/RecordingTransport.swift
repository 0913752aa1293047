import Foundation
import LoyaltyCore
import Synchronization

/// A transport that forwards every request to another transport and appends each
/// exchange to a JSON-lines file, one ``RecordedExchange`` per line.
///
/// It keeps the transport contract by passing on what the upstream transport does: every
/// status is a response, and an error (no answer) is thrown unchanged, unrecorded. A
/// response that cannot be written to the file fails the request
/// (``LoyaltyError/Code/transportFailed``) rather than leave a gap in the recording.
final class RecordingTransport: HTTPTransport {
  private let upstream: any HTTPTransport
  private let file: Mutex<FileHandle?>

  /// Creates a recorder that writes to `url`, replacing any file there.
  init(forwardingTo upstream: any HTTPTransport, file url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw LoyaltyError(.invalidArgument, "Cannot create the recording \(url.lastPathComponent).")
    }
    self.upstream = upstream
    self.file = Mutex(try FileHandle(forWritingTo: url))
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response = try await upstream.send(request)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var line = try encoder.encode(RecordedExchange(request: request, response: response))
    line.append(UInt8(ascii: "\n"))
    do {
      try file.withLock { handle in
        guard let handle else {
          throw LoyaltyError(.transportFailed, "The recording is closed.")
        }
        try handle.write(contentsOf: line)
      }
    } catch let error as LoyaltyError {
      throw error
    } catch {
      throw LoyaltyError(.transportFailed, "The exchange could not be recorded.", underlying: error)
    }
    return response
  }

  /// Flushes and closes the file; later requests fail.
  func close() throws {
    try file.withLock { handle in
      try handle?.close()
      handle = nil
    }
  }
}
