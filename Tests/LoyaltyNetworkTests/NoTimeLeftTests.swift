import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("A request with no time left is not sent")
struct NoTimeLeftTests {
  /// A call whose refresh, after a 401, ends at `spent` seconds into the call's 30 s.
  static func call(refreshEndsAt spent: TimeInterval) async throws -> (
    Result<ResponseEnvelope, LoyaltyError>, ScriptedBackend
  ) {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    let tokens = backend.issueToken()
    backend.revokeAll()
    let start = clock.now
    let refresh = ScriptedBackend.rotatingRefresh()
    backend.on("/token") { request, backend in
      clock.advance(by: start.addingTimeInterval(spent).timeIntervalSince(clock.now))
      return try await refresh(request, backend)
    }
    backend.on("/context", ScriptedBackend.protected())
    let configuration = NetworkFixtures.configuration {
      $0.network.resourceTimeout = 30
      $0.network.requestTimeout = 30
    }
    let (client, _) = NetworkFixtures.client(
      backend: backend, configuration: configuration, tokens: tokens)
    do {
      return (.success(try await client.send(NetworkFixtures.profile())), backend)
    } catch let error as LoyaltyError {
      return (.failure(error), backend)
    }
  }

  @Test("a refresh that ends exactly at the call's deadline: the request is not sent again")
  func atTheDeadline() async throws {
    let (result, backend) = try await Self.call(refreshEndsAt: 30)
    guard case .failure(let error) = result else {
      Issue.record("the request was sent again with no time left")
      return
    }
    #expect(error.code == .timedOut)
    #expect(error.metadata[LoyaltyError.requestSentKey] == "false")
    #expect(backend.calls("/context") == 1)
  }

  @Test("one second before it: the request is sent again, with the second left as its timeout")
  func justBefore() async throws {
    let (result, backend) = try await Self.call(refreshEndsAt: 29)
    #expect((try? result.get()) != nil)
    #expect(backend.calls("/context") == 2)
    // The time left, less any real time spent waiting for a connection slot.
    let timeout = try #require(backend.requests.last?.timeout)
    #expect(timeout > 0.5 && timeout <= 1)
  }
}
