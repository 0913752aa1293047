import Foundation
import LoyaltyCore
import LoyaltyLocation
import Testing

@Suite("Geofence evaluation")
struct GeofenceTests {
  @Test("entering, dwelling in and leaving a fence")
  func transitions() async throws {
    let harness = Harness()
    #expect(try await harness.send(east: -300) == [])
    #expect(try await harness.send(east: -20, at: 60) == ["enter 1"])
    #expect(try await harness.send(east: 0, at: 120) == [])
    #expect(try await harness.send(east: 10, at: 360) == ["dwell 1"])
    #expect(try await harness.send(east: 5, at: 900) == [], "one dwell per visit")
    #expect(try await harness.send(east: 250, at: 960) == ["exit 1"])
    #expect(try await harness.send(east: 490, at: 1_020) == ["enter 2"])
    #expect(try await harness.send(east: 1_000, at: 1_080) == ["exit 2", "enter 3"])
    let transitions = harness.events.events(of: GeofenceTransitioned.self)
    #expect(transitions.map(\.transition.kind) == [.enter, .dwell, .exit, .enter, .exit, .enter])
  }

  @Test("standing on the boundary with wandering fixes never flaps")
  func noFlapping() async throws {
    let harness = Harness(configuration: GeofenceConfiguration(dwellTime: 3_600))
    // Outside, then fixes wandering 96 to 125 m from the centre of a 100 m fence.
    #expect(try await harness.send(east: -300) == [])
    var all: [String] = []
    for step in 0..<40 {
      let distance = 96 + Double((step * 7) % 30)
      all += try await harness.send(east: -distance, at: Double(step + 1) * 10)
    }
    #expect(all == [], "never entered from the boundary")

    // Inside, then the same wandering: one entry, no exit.
    #expect(try await harness.send(east: -50, at: 500) == ["enter 1"])
    for step in 0..<40 {
      let distance = 90 + Double((step * 11) % 40)
      all += try await harness.send(east: -distance, at: 500 + Double(step + 1) * 10)
    }
    #expect(all == [], "never left while wandering within the exit band")
    #expect(try await harness.send(east: -145, at: 1_000) == ["exit 1"])
  }

  @Test("accuracy is taken into account: a vague fix does not enter, nor leave")
  func accuracyAware() async throws {
    let harness = Harness()
    // 60 m from the centre but ± 100 m: it may be outside.
    #expect(try await harness.send(east: -60, accuracy: 100) == [])
    #expect(try await harness.send(east: -60, accuracy: 20, at: 10) == ["enter 1"])
    // 170 m away but ± 150 m: it may still be inside.
    #expect(try await harness.send(east: -170, accuracy: 150, at: 20) == [])
    #expect(try await harness.send(east: -170, accuracy: 10, at: 30) == ["exit 1"])
  }

  @Test("fixes less accurate than the maximum are ignored and counted")
  func inaccurateIgnored() async throws {
    let harness = Harness()
    let result = try await harness.center.update(harness.fix(east: 0, accuracy: 500))
    #expect(result.ignored == .inaccurate)
    #expect(result.transitions.isEmpty)
    #expect(harness.center.statistics.inaccurate == 1)
    #expect(harness.center.statistics.accepted == 0)
  }

  @Test("the state survives a restart: no second entry, and the exit still comes")
  func restart() async throws {
    let store = InMemoryKeyValueStore()
    let first = Harness(store: store)
    #expect(try await first.send(east: 0) == ["enter 1"])
    #expect(try await first.send(east: 0, at: 400) == ["dwell 1"])

    let second = Harness(store: store)
    let visits = try await second.center.visits()
    #expect(visits.keys.sorted() == [1])
    #expect(visits[1]?.dwellReported == true)
    #expect(try await second.send(east: 10, at: 500) == [], "no second entry, no second dwell")
    // A fix from before the restart's last one is out of order.
    let stale = try await second.center.update(second.fix(east: 500, at: 450))
    #expect(stale.ignored == .outOfOrder)
    #expect(try await second.send(east: 300, at: 600) == ["exit 1"])
  }

  @Test("a stored state that cannot be read is replaced, with a warning, not a failure")
  func unreadableState() async throws {
    let store = InMemoryKeyValueStore()
    try await store.set(Data("not json".utf8), forKey: GeofenceState.storageKey)
    let harness = Harness(store: store)
    #expect(try await harness.send(east: 0) == ["enter 1"])
  }

  @Test("a fence removed while the user is in it ends the visit")
  func removedWhileInside() async throws {
    let harness = Harness()
    #expect(try await harness.send(east: 0) == ["enter 1"])
    try await harness.pois.remove(ids: [1])
    #expect(try await harness.send(east: 0, at: 10) == ["exit 1"])
  }

  @Test("bad input: typed errors, counted, never a crash; the state is untouched")
  func badInput() async throws {
    let harness = Harness()
    #expect(try await harness.send(east: 0, at: 100) == ["enter 1"])
    let bad: [(LocationUpdate, LoyaltyError.Code)] = [
      (
        LocationUpdate(latitude: .nan, longitude: 0, horizontalAccuracy: 5, timestamp: Town.noon),
        .invalidLocation
      ),
      (
        LocationUpdate(latitude: 91, longitude: 0, horizontalAccuracy: 5, timestamp: Town.noon),
        .invalidLocation
      ),
      (
        LocationUpdate(latitude: 0, longitude: -180.5, horizontalAccuracy: 5, timestamp: Town.noon),
        .invalidLocation
      ),
      (
        LocationUpdate(
          latitude: 0, longitude: .infinity, horizontalAccuracy: 5, timestamp: Town.noon),
        .invalidLocation
      ),
      (
        LocationUpdate(
          latitude: 0, longitude: 0, horizontalAccuracy: 5,
          timestamp: Date(timeIntervalSinceReferenceDate: .nan)), .invalidLocation
      ),
      (harness.fix(east: 0, accuracy: -1, at: 200), .invalidAccuracy),
      (harness.fix(east: 0, accuracy: .nan, at: 200), .invalidAccuracy),
    ]
    for (update, code) in bad {
      let error = await #expect(throws: LoyaltyError.self) {
        try await harness.center.update(update)
      }
      #expect(error?.code == code)
    }
    // Timestamps going backwards: ignored and counted.
    let backwards = try await harness.center.update(harness.fix(east: 1_000, at: 50))
    #expect(backwards.ignored == .outOfOrder)
    #expect(backwards.transitions.isEmpty)

    let statistics = harness.center.statistics
    #expect(statistics.invalidCoordinates == 5)
    #expect(statistics.invalidAccuracy == 2)
    #expect(statistics.outOfOrder == 1)
    #expect(statistics.accepted == 1)
    #expect(try await harness.center.visits().keys.sorted() == [1])
  }
}
