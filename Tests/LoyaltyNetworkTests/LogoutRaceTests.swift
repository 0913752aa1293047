import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("Logout against tokens that keep changing")
struct LogoutRaceTests {
  /// A token store another writer keeps replacing: every read finds a new pair, so no
  /// compare-and-swap succeeds.
  final class ChangingTokenStore: TokenStore {
    private let reads = Locked(0)

    func tokens() async throws -> TokenPair? {
      let read = reads.withLock { reads -> Int in
        reads += 1
        return reads
      }
      return TokenPair(accessToken: "access-\(read)", refreshToken: "refresh-\(read)")
    }

    func store(_ tokens: TokenPair) async throws {}
    func clear() async throws {}
    func replace(_ expected: TokenPair?, with new: TokenPair?) async throws -> Bool { false }
    var readCount: Int { reads.withLock { $0 } }
  }

  @Test("a logout that cannot clear them says so, after three tries, and posts no end")
  func logoutSaysSo() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("/logout", ScriptedBackend.logout())
    let store = ChangingTokenStore()
    let handler = InMemoryLogHandler()
    let events = InMemoryEventSink()
    let logger = LoyaltyLogger(label: "LoyaltyNetwork", level: .error, handler: handler)
    let (client, _) = NetworkFixtures.client(
      backend: backend, events: events, logger: logger, store: store)
    let before = store.readCount
    await client.session.logout()
    #expect(handler.text.contains("kept changing; the logout could not clear them"))
    #expect(events.events(of: SessionEnded.self).isEmpty)
    // Three reads to clear, after the one the logout call's tokens took.
    #expect(store.readCount - before >= 3)
  }
}
