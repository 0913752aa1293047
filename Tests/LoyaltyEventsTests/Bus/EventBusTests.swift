import Foundation
import LoyaltyCore
import LoyaltyEvents
import Synchronization
import Testing

struct SampleEvent: LoyaltyEvent, Equatable {
  static let eventName = "sample_happened"
  let index: Int
  var attributes: [String: String] { ["index": String(index)] }
}

struct OtherEvent: LoyaltyEvent {
  static let eventName = "other_happened"
}

/// Collects delivered values and lets a test wait for a count.
final class Collector<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])
  func append(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }

  func wait(for count: Int, timeout: Duration = .seconds(120)) async {
    let deadline = ContinuousClock.now + timeout
    while all.count < count && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
  }
}

@Suite("EventBus")
struct EventBusTests {
  @Test("typed and named subscribers receive the same events")
  func typedAndNamed() async {
    let bus = EventBus()
    let typed = Collector<Int>()
    let named = Collector<String>()
    let typedSubscription = bus.subscribe(SampleEvent.self) { typed.append($0.index) }
    let namedSubscription = bus.subscribe(to: "sample_happened") { event in
      named.append(event.attributes["index"] ?? "?")
    }
    bus.post(SampleEvent(index: 1))
    bus.post(OtherEvent())
    bus.post(NamedEvent("sample_happened", attributes: ["index": "2"]))
    await typed.wait(for: 1)
    await named.wait(for: 2)
    #expect(typed.all == [1])
    #expect(named.all == ["1", "2"])
    typedSubscription.cancel()
    namedSubscription.cancel()
  }

  @Test("each subscription receives events in posting order")
  func ordering() async {
    let bus = EventBus()
    let received = Collector<Int>()
    let subscription = bus.subscribe(SampleEvent.self) { event in
      if event.index % 7 == 0 { await Task.yield() }
      received.append(event.index)
    }
    for index in 0..<1_000 {
      bus.post(SampleEvent(index: index))
    }
    await received.wait(for: 1_000)
    #expect(received.all == Array(0..<1_000))
    subscription.cancel()
  }

  @Test("a released or cancelled subscription receives nothing more")
  func lifetime() async throws {
    let bus = EventBus()
    let received = Collector<Int>()
    var subscription: EventSubscription? = bus.subscribe(SampleEvent.self) {
      received.append($0.index)
    }
    bus.post(SampleEvent(index: 1))
    await received.wait(for: 1)
    #expect(bus.subscriptionCount == 1)
    subscription = nil
    #expect(subscription == nil)
    #expect(bus.subscriptionCount == 0)
    bus.post(SampleEvent(index: 2))
    try await Task.sleep(for: .milliseconds(50))
    #expect(received.all == [1])

    let cancelled = bus.subscribe(SampleEvent.self) { received.append($0.index) }
    cancelled.cancel()
    #expect(cancelled.isCancelled)
    bus.post(SampleEvent(index: 3))
    try await Task.sleep(for: .milliseconds(50))
    #expect(received.all == [1])
  }

  @Test("the stream form delivers typed events and ends with its task")
  func streams() async {
    let bus = EventBus()
    let stream = bus.stream(SampleEvent.self)
    let consumer = Task {
      var seen: [Int] = []
      for await event in stream {
        seen.append(event.index)
        if seen.count == 3 { break }
      }
      return seen
    }
    while bus.subscriptionCount == 0 { await Task.yield() }
    for index in 0..<3 {
      bus.post(SampleEvent(index: index))
    }
    #expect(await consumer.value == [0, 1, 2])
  }

  @Test("concurrent posting and subscribing loses nothing")
  func concurrency() async {
    let bus = EventBus()
    let received = Collector<Int>()
    let subscription = bus.subscribe(SampleEvent.self) { received.append($0.index) }
    await withTaskGroup(of: Void.self) { group in
      for poster in 0..<8 {
        group.addTask {
          for index in 0..<250 {
            bus.post(SampleEvent(index: poster * 1_000 + index))
          }
        }
        group.addTask {
          let transient = bus.subscribe(to: "sample_happened") { _ in }
          transient.cancel()
        }
      }
    }
    await received.wait(for: 2_000)
    #expect(received.all.count == 2_000)
    #expect(Set(received.all).count == 2_000)
    subscription.cancel()
  }

  @Test("EventsModule registers the bus as the client's event sink")
  func module() async throws {
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example", preset: .testing)
    let client = try await LoyaltyClient.start(configuration, modules: [EventsModule()])
    let bus = try client.events
    let received = Collector<Int>()
    let subscription = bus.subscribe(SampleEvent.self) { received.append($0.index) }
    try client.resolve(.eventSink).post(SampleEvent(index: 9))
    await received.wait(for: 1)
    #expect(received.all == [9])
    #expect(try client.resolve(.eventSink) as? EventBus === bus)
    subscription.cancel()
    await client.shutdown()
  }
}
