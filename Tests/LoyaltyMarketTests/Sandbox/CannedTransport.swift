import Foundation
import LoyaltyCore
import LoyaltySandbox

/// A transport that answers requests whose path contains `path` with a fixed body, and
/// passes every other request to the sandbox.
struct CannedTransport: HTTPTransport {
  let sandbox: SandboxTransport
  let path: String
  let status: Int
  let body: String

  /// In process: answers at once, so the client calls it without a timer.
  var keepsDeadlines: Bool { true }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.url.path.contains(path) else { return try await sandbox.send(request) }
    return HTTPResponse(
      status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
  }
}
