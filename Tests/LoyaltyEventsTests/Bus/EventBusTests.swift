import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyTestSupport
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
  private let values = Locked<[Value]>([])
  func append(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }

  func wait(for count: Int, timeout: Duration = .seconds(TestTime.slack(120))) async {
    let deadline = ContinuousClock.now + timeout
    while all.count < count && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
  }
}

/// Runs its jobs on one dispatch queue and tells whether the caller is on it.
final class MarkedExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "com.example.marked-executor")
  private let key = DispatchSpecificKey<Bool>()

  init() { queue.setSpecific(key: key, value: true) }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }

  var isCurrent: Bool { DispatchQueue.getSpecific(key: key) ?? false }
}

/// Holds a subscription so that its own handler can cancel it.
final class SubscriptionBox: Sendable {
  private let subscription = Locked<EventSubscription?>(nil)
  func hold(_ value: EventSubscription) { subscription.withLock { $0 = value } }
  func cancel() { subscription.withLock { $0 }?.cancel() }
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

  @Test("handlers that await and handlers that do not both receive every event in order")
  func synchronousAndAsynchronousHandlers() async {
    let bus = EventBus()
    let direct = Collector<Int>()
    let suspending = Collector<Int>()
    let named = Collector<Int>()
    let everything = Collector<String>()
    let subscriptions = [
      bus.subscribe(SampleEvent.self) { direct.append($0.index) },
      bus.subscribe(SampleEvent.self) { event in
        await Task.yield()
        suspending.append(event.index)
      },
      bus.subscribe(to: "sample_happened") { event in
        await Task.yield()
        named.append(Int(event.attributes["index"] ?? "") ?? -1)
      },
      bus.subscribeToAll { everything.append($0.name) },
    ]
    for index in 0..<500 {
      bus.post(SampleEvent(index: index))
    }
    bus.post(OtherEvent())
    await direct.wait(for: 500)
    await suspending.wait(for: 500)
    await named.wait(for: 500)
    await everything.wait(for: 501)
    #expect(direct.all == Array(0..<500))
    #expect(suspending.all == Array(0..<500))
    #expect(named.all == Array(0..<500))
    #expect(everything.all == Array(repeating: "sample_happened", count: 500) + ["other_happened"])
    subscriptions.forEach { $0.cancel() }
  }

  @Test("a handler runs on the executor its subscriber chose")
  func chosenExecutor() async {
    let bus = EventBus()
    let executor = MarkedExecutor()
    let direct = Collector<Bool>()
    let suspending = Collector<Bool>()
    let first = bus.subscribe(SampleEvent.self, on: executor) { _ in
      direct.append(executor.isCurrent)
    }
    let second = bus.subscribe(to: "sample_happened", on: executor) { _ in
      await Task.yield()
      suspending.append(executor.isCurrent)
    }
    for index in 0..<20 {
      bus.post(SampleEvent(index: index))
    }
    await direct.wait(for: 20)
    await suspending.wait(for: 20)
    #expect(direct.all == Array(repeating: true, count: 20))
    #expect(suspending.all == Array(repeating: true, count: 20))
    first.cancel()
    second.cancel()
  }

  @Test("a subscription cancelled by its own handler receives nothing after that event")
  func cancelFromHandler() async throws {
    let bus = EventBus()
    let received = Collector<Int>()
    let box = SubscriptionBox()
    box.hold(
      bus.subscribe(SampleEvent.self) { event in
        received.append(event.index)
        if event.index == 9 { box.cancel() }
      })
    // Posted before any delivery starts, so the ten events after the cancelling one are
    // in the same batch.
    for index in 0..<20 {
      bus.post(SampleEvent(index: index))
    }
    await received.wait(for: 10)
    try await Task.sleep(for: .milliseconds(50))
    #expect(received.all == Array(0..<10))
    #expect(bus.subscriptionCount == 0)
  }

  @Test("a subscription receives only what is posted after it subscribed")
  func startsAtSubscription() async {
    let bus = EventBus()
    let early = Collector<Int>()
    let late = Collector<Int>()
    let first = bus.subscribe(SampleEvent.self) { early.append($0.index) }
    for index in 0..<100 {
      bus.post(SampleEvent(index: index))
    }
    // Some of the first hundred are likely still queued for `first` here.
    let second = bus.subscribe(SampleEvent.self) { late.append($0.index) }
    for index in 100..<200 {
      bus.post(SampleEvent(index: index))
    }
    await early.wait(for: 200)
    await late.wait(for: 100)
    #expect(early.all == Array(0..<200))
    #expect(late.all == Array(100..<200))
    first.cancel()
    second.cancel()
  }

  @Test("a slow subscriber holds back neither posting nor the other subscribers")
  func slowSubscriber() async {
    let bus = EventBus()
    let gate = AsyncStream.makeStream(of: Void.self)
    let slow = Collector<Int>()
    let fast = Collector<Int>()
    let slowSubscription = bus.subscribe(SampleEvent.self) { event in
      if event.index == 0 {
        for await _ in gate.stream { break }
      }
      slow.append(event.index)
    }
    let fastSubscription = bus.subscribe(SampleEvent.self) { fast.append($0.index) }
    for index in 0..<1_000 {
      bus.post(SampleEvent(index: index))
    }
    await fast.wait(for: 1_000)
    #expect(fast.all == Array(0..<1_000))
    #expect(slow.all.isEmpty)
    gate.continuation.yield()
    await slow.wait(for: 1_000)
    #expect(slow.all == Array(0..<1_000))
    slowSubscription.cancel()
    fastSubscription.cancel()
  }

  @Test("ending one of two streams of a type leaves the other")
  func endingOneStreamLeavesTheOther() async {
    let bus = EventBus()
    let first = Task {
      for await _ in bus.stream(SampleEvent.self) {}
    }
    while bus.subscriptionCount < 1 { await Task.yield() }
    let second = Task {
      var received: [Int] = []
      for await event in bus.stream(SampleEvent.self) {
        received.append(event.index)
        if event.index == 2 { break }
      }
      return received
    }
    while bus.subscriptionCount < 2 { await Task.yield() }
    first.cancel()
    await first.value
    while bus.subscriptionCount > 1 { await Task.yield() }
    bus.post(SampleEvent(index: 2))
    #expect(await second.value == [2])
  }

  @Test("a stream's subscription ends with the task iterating it")
  func streamLifetime() async {
    let bus = EventBus()
    let consumer = Task {
      var names: [String] = []
      for await event in bus.stream(named: "other_happened") {
        names.append(event.name)
      }
      return names
    }
    while bus.subscriptionCount == 0 { await Task.yield() }
    bus.post(OtherEvent())
    consumer.cancel()
    #expect(await consumer.value.count <= 1)
    #expect(bus.subscriptionCount == 0)
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
