import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A transport that forwards every request to another transport and records each
/// exchange in a JSON-lines file, one ``RecordedExchange`` per line; the file is
/// rewritten atomically after every exchange, so it is never half-written.
///
/// It keeps the transport contract by passing on what the upstream transport does: every
/// status is a response, and an error (no answer) is thrown unchanged, unrecorded. A
/// response that cannot be written to the file fails the request
/// (``LoyaltyError/Code/transportFailed``) rather than leave a gap in the recording.
actor RecordingTransport: HTTPTransport {
  private let upstream: any HTTPTransport
  private let url: URL
  /// The lines recorded so far; `nil` once closed.
  private var recorded: Data? = Data()

  /// Creates a recorder that writes to `url`, replacing any file there.
  init(forwardingTo upstream: any HTTPTransport, file url: URL) throws {
    do {
      try Data().write(to: url, options: .atomic)
    } catch {
      throw LoyaltyError(
        .invalidArgument, "Cannot create the recording \(url.lastPathComponent).",
        underlying: error)
    }
    self.upstream = upstream
    self.url = url
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response = try await upstream.send(request)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var line = try encoder.encode(RecordedExchange(request: request, response: response))
    line.append(UInt8(ascii: "\n"))
    do {
      guard var lines = recorded else {
        throw LoyaltyError(.transportFailed, "The recording is closed.")
      }
      lines.append(line)
      try lines.write(to: url, options: .atomic)
      recorded = lines
    } catch let error as LoyaltyError {
      throw error
    } catch {
      throw LoyaltyError(.transportFailed, "The exchange could not be recorded.", underlying: error)
    }
    return response
  }

  /// Closes the recording; later requests fail.
  func close() {
    recorded = nil
  }
}
