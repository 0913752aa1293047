import Foundation
import LoyaltyCore
import LoyaltyTestSupport
import Testing

@Suite("PrivacyCenter")
struct PrivacyCenterTests {
  /// A store whose reads fail.
  struct FailingStore: PrivacyStore {
    func storedFeatures() async throws -> PrivacyFeatures? {
      throw LoyaltyError(.queryFailed, "unreadable")
    }
    func save(_ features: PrivacyFeatures) async throws {
      throw LoyaltyError(.queryFailed, "unwritable")
    }
    func removeChoice() async throws {}
  }

  @Test("the default applies until a choice; the choice is stored before the setter returns")
  func defaultThenChoice() async throws {
    let store = InMemoryPrivacyStore()
    let center = PrivacyCenter(defaultFeatures: [.analytics, .location], store: store)
    #expect(try await center.enabledFeatures() == [.analytics, .location])
    #expect(await center.isEnabled(.analytics))
    #expect(await !center.isEnabled([.analytics, .pushRegistration]))
    let change = try await center.disable(.analytics)
    #expect(change.disabled == .analytics)
    #expect(change.enabled == [])
    #expect(await store.storedFeatures() == [.location])
    #expect(try await center.enable(.deviceInformation).enabled == .deviceInformation)
    #expect(await store.storedFeatures() == [.location, .deviceInformation])
  }

  @Test("observers run in order before the setter returns, then the event is posted")
  func observersAndEvent() async throws {
    let sink = InMemoryEventSink()
    let seen = Locked<[String]>([])
    let center = PrivacyCenter(defaultFeatures: .all, store: InMemoryPrivacyStore(), events: sink)
    center.addObserver { change in seen.withLock { $0.append("first \(change.disabled)") } }
    center.addObserver { _ in seen.withLock { $0.append("second") } }
    try await center.setEnabledFeatures([.location])
    #expect(
      seen.withLock { $0 } == [
        "first [analytics, pushRegistration, deviceInformation, offlineCache]", "second",
      ])
    let posted = sink.events(of: PrivacyFeaturesChanged.self)
    #expect(posted.map(\.change) == [PrivacyChange(previous: .all, current: [.location])])
    #expect(posted.first?.attributes["current"] == "location")
    // Setting what is already set changes nothing and tells no one.
    try await center.setEnabledFeatures([.location])
    #expect(seen.withLock { $0.count } == 2)
    #expect(sink.events(of: PrivacyFeaturesChanged.self).count == 1)
  }

  @Test("concurrent changes apply one at a time; memory and store agree at the end")
  func serialized() async throws {
    let store = InMemoryPrivacyStore()
    let center = PrivacyCenter(defaultFeatures: [], store: store)
    let features = PrivacyFeatures.named.map(\.feature)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for feature in features {
        group.addTask { try await center.enable(feature) }
      }
      try await group.waitForAll()
    }
    #expect(try await center.enabledFeatures() == .all)
    #expect(await store.storedFeatures() == .all)
  }

  @Test("a change asked during another waits until the other's observers have all run")
  func nextWaitsForObservers() async throws {
    let gate = AsyncGate()
    let seen = Locked<[String]>([])
    let center = PrivacyCenter(defaultFeatures: [], store: InMemoryPrivacyStore())
    center.addObserver { change in
      seen.withLock { $0.append("start \(change.current)") }
      if change.current == .analytics { await gate.wait() }
      seen.withLock { $0.append("end \(change.current)") }
    }
    let first = Task { try await center.enable(.analytics) }
    let deadline = Date().addingTimeInterval(TestTime.slack(10))
    while seen.withLock({ $0.isEmpty }), Date() < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    let second = Task { try await center.enable(.location) }
    // Time enough for the second change to overtake, were it not made to wait.
    try await Task.sleep(for: .milliseconds(100))
    #expect(seen.withLock { $0 } == ["start [analytics]"])
    gate.open()
    _ = try await first.value
    let secondChange = try await second.value
    #expect(secondChange == PrivacyChange(previous: .analytics, current: [.analytics, .location]))
    #expect(
      seen.withLock { $0 } == [
        "start [analytics]", "end [analytics]", "start [analytics, location]",
        "end [analytics, location]",
      ])
  }

  @Test("an unreadable choice counts as every feature off; a failed save leaves nothing on")
  func failsClosed() async throws {
    let center = PrivacyCenter(defaultFeatures: .all, store: FailingStore())
    #expect(await !center.isEnabled(.analytics))
    await #expect(throws: LoyaltyError.self) { try await center.enable(.analytics) }
    #expect(await !center.isEnabled(.analytics))
  }

  @Test("forgetting the choice brings the default back")
  func forget() async throws {
    let store = InMemoryPrivacyStore([])
    let center = PrivacyCenter(defaultFeatures: .all, store: store)
    #expect(try await center.enabledFeatures() == [])
    #expect(try await center.hasUserChoice())
    try await center.forgetChoice()
    #expect(try await center.enabledFeatures() == .all)
    #expect(try await center.hasUserChoice() == false)
  }
}
