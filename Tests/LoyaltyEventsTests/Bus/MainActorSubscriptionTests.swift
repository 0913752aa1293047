import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyTestSupport
import Testing

/// Whether the caller runs on the main queue, the main actor's executor: the main thread
/// itself may have handed the queue to another thread once the test runner parked it.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

private func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueueKey) ?? false }

@Suite("Event bus: handlers on the main actor (seed 000 line 452)")
struct MainActorSubscriptionTests {
  @Test("a typed subscription on the main actor gets every event there, in posting order")
  func typed() async {
    let bus = EventBus()
    let received = Collector<(Int, Bool)>()
    let subscription = bus.subscribeOnMainActor(SampleEvent.self) { event in
      MainActor.preconditionIsolated()
      received.append((event.index, onMainQueue()))
    }
    for index in 0..<200 {
      bus.post(SampleEvent(index: index))
    }
    await received.wait(for: 200)
    #expect(received.all.map(\.0) == Array(0..<200))
    #expect(received.all.allSatisfy { $0.1 }, "every handler call on the main queue")
    subscription.cancel()
  }

  @Test("a plain subscription runs off the main queue: the option is what moves it")
  func plainIsNotMain() async {
    let bus = EventBus()
    let received = Collector<Bool>()
    let subscription = bus.subscribe(SampleEvent.self) { (_: SampleEvent) in
      received.append(onMainQueue())
    }
    bus.post(SampleEvent(index: 1))
    await received.wait(for: 1)
    #expect(received.all == [false])
    subscription.cancel()
  }

  @Test("by name and for all events, on the main actor; a cancelled one gets nothing more")
  func namedAndAll() async {
    let bus = EventBus()
    let named = Collector<Bool>()
    let all = Collector<String>()
    let byName = bus.subscribeOnMainActor(to: SampleEvent.eventName) { _ in
      named.append(onMainQueue())
    }
    let everything = bus.subscribeToAllOnMainActor { event in
      MainActor.preconditionIsolated()
      all.append(event.name)
    }
    bus.post(SampleEvent(index: 1))
    bus.post(OtherEvent())
    await named.wait(for: 1)
    await all.wait(for: 2)
    #expect(named.all == [true])
    #expect(all.all == [SampleEvent.eventName, OtherEvent.eventName])
    byName.cancel()
    everything.cancel()
    bus.post(SampleEvent(index: 2))
    try? await Task.sleep(for: .milliseconds(50))
    #expect(named.all.count == 1)
    #expect(all.all.count == 2)
  }
}
