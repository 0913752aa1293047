import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyTestSupport
import Testing

/// Clients and lifecycle 3: memory is bounded everywhere, a slow subscriber included;
/// the bound and what happens at it are documented and counted.
@Suite("EventBus capacity")
struct EventBusCapacityTests {
  /// Posts `count` events after the first while `subscriber` is stuck in its handler on
  /// the first, then lets it go; returns the indices it received.
  private static func stuckSubscriber(
    bus: EventBus, posting count: Int, pace: (Int) async -> Void = { _ in }
  ) async -> (received: [Int], subscription: EventSubscription) {
    let gate = AsyncGate()
    let collector = Collector<Int>()
    let subscription = bus.subscribe(SampleEvent.self) { (event: SampleEvent) async in
      if event.index == 0 { await gate.wait() }
      collector.append(event.index)
    }
    bus.post(SampleEvent(index: 0))
    while !gate.hasWaiter { await Task.yield() }
    for index in 1...count {
      bus.post(SampleEvent(index: index))
      await pace(index)
    }
    gate.open()
    let deadline = ContinuousClock.now + .seconds(TestTime.slack(120))
    while collector.all.last != count && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
    return (collector.all, subscription)
  }

  @Test("memory is bounded: a stuck subscriber skips the oldest events beyond the default capacity")
  func defaultCapacity() async {
    let bus = EventBus()
    let (received, subscription) = await Self.stuckSubscriber(bus: bus, posting: 40_000)
    #expect(received.first == 0)
    #expect(received.last == 40_000)
    #expect(received == received.sorted())
    // The newest 10,000 arrive, and at most one run of 1,024 more.
    #expect(received.count >= 10_001)
    #expect(received.count <= 10_001 + 2 * 1_024)
    #expect(Array(received.suffix(10_000)) == Array(30_001...40_000))
    #expect(subscription.skippedEventCount == 40_001 - received.count)
    #expect(bus.skippedEventCount == subscription.skippedEventCount)
    subscription.cancel()
  }

  @Test("the capacity is configurable; only the slow subscription skips, and both count it")
  func configuredCapacity() async {
    let bus = EventBus(subscriberCapacity: 100)
    #expect(bus.subscriberCapacity == 100)
    let fast = Collector<Int>()
    let fastSubscription = bus.subscribe(SampleEvent.self) { fast.append($0.index) }
    // The fast subscriber is never more than 50 events behind.
    let (received, slow) = await Self.stuckSubscriber(bus: bus, posting: 5_000) { index in
      if index % 50 == 0 { await fast.wait(for: index + 1) }
    }
    await fast.wait(for: 5_001)
    #expect(fast.all == Array(0...5_000))
    #expect(fastSubscription.skippedEventCount == 0)
    #expect(received.count >= 101 && received.count <= 101 + 200)
    #expect(Array(received.suffix(100)) == Array(4_901...5_000))
    #expect(slow.skippedEventCount == 5_001 - received.count)
    #expect(bus.skippedEventCount == slow.skippedEventCount)
    fastSubscription.cancel()
    slow.cancel()
  }

  @Test("a subscriber that keeps up skips nothing, even far beyond the capacity")
  func keepingUpSkipsNothing() async {
    let bus = EventBus(subscriberCapacity: 10)
    let collector = Collector<Int>()
    let subscription = bus.subscribe(SampleEvent.self) { collector.append($0.index) }
    for index in 0..<2_000 {
      bus.post(SampleEvent(index: index))
      if index % 5 == 4 { await collector.wait(for: index + 1) }
    }
    await collector.wait(for: 2_000)
    #expect(collector.all == Array(0..<2_000))
    #expect(subscription.skippedEventCount == 0)
    #expect(bus.skippedEventCount == 0)
  }

  @Test("a stream read slowly keeps the newest events up to the capacity and counts the rest")
  func slowStream() async {
    let bus = EventBus(subscriberCapacity: 50)
    let stream = bus.stream(SampleEvent.self)
    for index in 0..<1_000 {
      bus.post(SampleEvent(index: index))
    }
    bus.finish()
    var received: [Int] = []
    for await event in stream {
      received.append(event.index)
    }
    #expect(received == Array(950..<1_000))
    #expect(bus.skippedEventCount == 950)
  }
}
