import Dispatch
import Foundation
import LoyaltyCore
import LoyaltyTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite(
  "BlockingExecutor: blocking work on a dedicated thread", .timeLimit(.minutes(TestTime.minutes(1)))
)
struct BlockingExecutorTests {
  private static func makeExecutor(_ name: String = "TestBlocking") -> BlockingExecutor {
    BlockingExecutor(name: name, closedError: LoyaltyError(.databaseClosed, "closed"))
  }

  /// Suspends until `count` closures wait in the executor's queue.
  private static func waitUntilPending(_ count: Int, on executor: BlockingExecutor) async {
    while executor.pendingCount < count { await Task.yield() }
  }

  @Test("work runs on the executor's own thread, never on the calling task's")
  func runsOffThePool() async throws {
    let executor = Self.makeExecutor("TestOffPool")
    defer { executor.shutdown() }
    let caller = pthread_self()
    let (inside, isCurrent, differs) = try await executor.run {
      (Self.threadName(), executor.isCurrent, pthread_equal(pthread_self(), caller) == 0)
    }
    #expect(isCurrent)
    #expect(differs)
    #expect(!executor.isCurrent)
    #if os(Linux)
      #expect(inside == "TestOffPool")
    #else
      _ = inside
    #endif
  }

  @Test("closures run one at a time, in the order they were queued")
  func runsInOrder() async throws {
    let executor = Self.makeExecutor()
    defer { executor.shutdown() }
    let gate = DispatchSemaphore(value: 0)
    let order = Locked<[Int]>([])
    let blocker = try await Self.block(executor, until: gate)
    var tasks: [Task<Void, any Error>] = []
    for index in 0..<20 {
      tasks.append(Task { try await executor.run { order.withLock { $0.append(index) } } })
      // The next closure is queued only once this one is.
      await Self.waitUntilPending(index + 1, on: executor)
    }
    gate.signal()
    try await blocker.value
    for task in tasks { try await task.value }
    #expect(order.withLock { $0 } == Array(0..<20))

    let inside = Locked((now: 0, most: 0))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<200 {
        group.addTask {
          try await executor.run {
            inside.withLock {
              $0.now += 1
              $0.most = max($0.most, $0.now)
            }
            inside.withLock { $0.now -= 1 }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(inside.withLock { $0.most } == 1)
  }

  @Test("a task cancelled while its closure waits gets CancellationError; the closure never runs")
  func cancellationWhileQueued() async throws {
    let executor = Self.makeExecutor()
    defer { executor.shutdown() }
    let gate = DispatchSemaphore(value: 0)
    let ran = Locked(false)
    let blocker = try await Self.block(executor, until: gate)
    let waiting = Task { try await executor.run { ran.withLock { $0 = true } } }
    await Self.waitUntilPending(1, on: executor)
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    #expect(executor.pendingCount == 0)
    gate.signal()
    try await blocker.value

    let cancelledFirst = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await executor.run { ran.withLock { $0 = true } }
    }
    await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
    // Queued after the cancelled closures: when it runs, they would have run.
    try await executor.run {}
    #expect(ran.withLock { $0 } == false)
  }

  @Test("a closure that started finishes even when its task is cancelled")
  func startedWorkFinishes() async throws {
    let executor = Self.makeExecutor()
    defer { executor.shutdown() }
    let gate = DispatchSemaphore(value: 0)
    let entered = DispatchSemaphore(value: 0)
    let task = Task {
      try await executor.run { () -> Int in
        entered.signal()
        gate.wait()
        return 42
      }
    }
    await Task.detached { entered.wait() }.value
    task.cancel()
    gate.signal()
    #expect(try await task.value == 42)
  }

  @Test("shutdown under load runs what was queued, refuses what comes after, and joins")
  func shutdownUnderLoad() async throws {
    let executor = Self.makeExecutor()
    let ran = Locked(0)
    let outcomes = await withTaskGroup(of: Bool.self) { group -> [Bool] in
      for _ in 0..<500 {
        group.addTask {
          do {
            try await executor.run { ran.withLock { $0 += 1 } }
            return true
          } catch {
            return false
          }
        }
      }
      group.addTask {
        await Task.yield()
        await Task.detached { executor.shutdown() }.value
        return false
      }
      var outcomes: [Bool] = []
      for await outcome in group { outcomes.append(outcome) }
      return outcomes
    }
    // Every caller that got an answer was answered truthfully; none hung.
    #expect(outcomes.filter { $0 }.count == ran.withLock { $0 })
    #expect(!executor.isRunning)
    let error = await #expect(throws: LoyaltyError.self) { try await executor.run {} }
    #expect(error?.code == .databaseClosed)
    executor.shutdown()
  }

  #if os(Linux)
    @Test("each executor's thread ends when it is shut down or released")
    func noThreadLeaks() async throws {
      var threads: [String] = []
      for index in 0..<100 {
        let executor = Self.makeExecutor()
        threads.append(try await executor.run { Self.taskDirectory() })
        if index.isMultiple(of: 2) { executor.shutdown() }
      }
      // Shut down or released, each executor joined its thread before going on.
      for thread in threads {
        #expect(access(thread, F_OK) != 0, "\(thread) still exists")
      }
    }
  #endif

  // MARK: - Helpers

  /// Occupies the executor's thread until `gate` is signalled; returns once the
  /// blocking closure has started, so nothing is pending.
  private static func block(
    _ executor: BlockingExecutor, until gate: DispatchSemaphore
  ) async throws -> Task<Void, any Error> {
    let entered = DispatchSemaphore(value: 0)
    let blocker = Task {
      try await executor.run {
        entered.signal()
        gate.wait()
      }
    }
    await Task.detached { entered.wait() }.value
    return blocker
  }

  /// The calling thread's name, from `/proc` on Linux.
  static func threadName() -> String {
    #if os(Linux)
      let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
      return name.trimmingCharacters(in: .whitespacesAndNewlines)
    #else
      return ""
    #endif
  }

  /// `/proc/self/task/<tid>` for the calling thread.
  static func taskDirectory() -> String {
    let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
    let tid = link?.split(separator: "/").last.map(String.init) ?? "?"
    return "/proc/self/task/\(tid)"
  }
}
