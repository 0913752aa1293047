#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A dedicated thread that runs blocking work (SQLite statements, `fsync`, file I/O)
/// one closure at a time, in the order submitted, so that none of it runs on Swift's
/// cooperative thread pool.
///
/// ``run(_:)`` queues a closure and suspends the calling task; the thread runs the
/// closure and resumes the task with its result. The pool thread that was running the
/// task is free for other tasks meanwhile: on a 2-core machine one thread blocked in
/// `fsync` would otherwise take half of the pool from every other task in the host.
///
/// - Order: closures run one after another, first submitted first run.
/// - Cancellation: a task cancelled while its closure is still queued is resumed with
///   `CancellationError` and its closure never runs; once a closure has started it runs
///   to the end, so a write is done entirely or not at all.
/// - Shutdown: ``shutdown()`` refuses new work, lets the queued closures run, and joins
///   the thread; afterwards ``run(_:)`` throws the executor's closed error. An executor
///   released without ``shutdown()`` stops its thread the same way.
///
/// The thread is created with the executor. ``shared`` is one process-wide executor for
/// occasional file work (key files), whose thread lives as long as the process.
package final class BlockingExecutor: Sendable {
  /// The process-wide executor for occasional blocking file work.
  package static let shared = BlockingExecutor(
    name: "LoyaltyFiles",
    closedError: LoyaltyError(.invalidArgument, "The shared file executor was stopped."))

  /// The thread's name, as the system shows it (at most 15 bytes are kept on Linux).
  package let name: String
  private let queue: BlockingQueue

  /// Starts the executor's thread.
  /// - Parameters:
  ///   - name: The thread's name.
  ///   - closedError: What ``run(_:)`` throws after ``shutdown()``.
  package init(name: String, closedError: any Error & Sendable) {
    self.name = name
    queue = BlockingQueue(name: name, closedError: closedError)
  }

  deinit {
    queue.shutdown()
  }

  /// Whether the calling thread is this executor's thread.
  package var isCurrent: Bool { queue.isCurrent }

  /// Whether the executor still accepts work.
  package var isRunning: Bool { queue.isRunning }

  /// How many closures are queued and not started yet.
  package var pendingCount: Int { queue.pendingCount }

  /// Runs `body` on the executor's thread, after everything queued before it, and
  /// returns what it returns; the calling task is suspended meanwhile.
  ///
  /// Compiled once for every `T`, not once per result type: a call per blocking job (a query, a
  /// file read), whose own work outweighs passing the type at run time.
  ///
  /// - Throws: What `body` throws; `CancellationError` when the task was cancelled
  ///   before `body` started (it then never runs); the closed error after
  ///   ``shutdown()``.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  package func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let queue = queue
    let id = queue.makeID()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<T, any Error>) in
        guard !Task.isCancelled else {
          continuation.resume(throwing: CancellationError())
          return
        }
        let job = BlockingQueue.Job(
          id: id,
          run: { continuation.resume(with: Result { try body() }) },
          cancel: { continuation.resume(throwing: CancellationError()) })
        if !queue.enqueue(job) {
          continuation.resume(throwing: queue.closedError)
        }
      }
    } onCancel: {
      queue.cancel(id)
    }
  }

  /// Queues `body` to run on the executor's thread, after everything queued before it,
  /// and returns at once without waiting for it. Cancelling the caller does not remove it.
  /// - Returns: `false`, and `body` never runs, after ``shutdown()``.
  package func submit(_ body: @escaping @Sendable () -> Void) -> Bool {
    queue.enqueue(BlockingQueue.Job(id: queue.makeID(), run: body, cancel: {}))
  }

  /// Refuses new work, waits for the queued closures to run, and ends the thread.
  /// Calling it again does nothing. Called on the executor's own thread (from a closure
  /// it runs), it does not wait: the thread ends after the queue drains.
  package func shutdown() {
    queue.shutdown()
  }
}

/// The executor's queue and thread. The thread holds a reference to the queue, not to
/// the ``BlockingExecutor``, so releasing the executor stops the thread.
// Safe to share: `jobs`, `head`, `stopping`, `nextID`, `thread` and `joined` are read
// and written only while `mutex` is held; the thread's loop takes the same mutex, and
// the condition variable is always used with it.
private final class BlockingQueue: @unchecked Sendable {
  struct Job {
    let id: UInt64
    let run: @Sendable () -> Void
    let cancel: @Sendable () -> Void
  }

  let name: String
  let closedError: any Error & Sendable
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var jobs: [Job] = []
  private var head = 0
  private var stopping = false
  private var nextID: UInt64 = 0
  private var thread: pthread_t?
  private var joined = false

  init(name: String, closedError: any Error & Sendable) {
    self.name = name
    self.closedError = closedError
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
    start()
  }

  deinit {
    // The thread holds a reference while it runs: by now it has ended.
    pthread_cond_destroy(condition)
    condition.deinitialize(count: 1)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  var isCurrent: Bool {
    locked {
      guard let thread else { return false }
      return pthread_equal(thread, pthread_self()) != 0
    }
  }

  var isRunning: Bool { locked { !stopping } }

  var pendingCount: Int { locked { jobs.count - head } }

  func makeID() -> UInt64 {
    locked {
      nextID &+= 1
      return nextID
    }
  }

  func enqueue(_ job: Job) -> Bool {
    locked {
      guard !stopping else { return false }
      jobs.append(job)
      pthread_cond_signal(condition)
      return true
    }
  }

  /// Removes the job `id` if it has not started, and resumes its task with
  /// `CancellationError`.
  func cancel(_ id: UInt64) {
    let removed: Job? = locked {
      guard let index = jobs[head...].firstIndex(where: { $0.id == id }) else { return nil }
      return jobs.remove(at: index)
    }
    removed?.cancel()
  }

  func shutdown() {
    let (toJoin, own): (pthread_t?, Bool) = locked {
      stopping = true
      pthread_cond_signal(condition)
      guard let thread, !joined else { return (nil, false) }
      joined = true
      return (thread, pthread_equal(thread, pthread_self()) != 0)
    }
    guard let toJoin else { return }
    if own {
      pthread_detach(toJoin)
    } else {
      pthread_join(toJoin, nil)
    }
  }

  /// The next job, waiting for one; `nil` once stopping with nothing queued.
  private func next() -> Job? {
    locked {
      while head == jobs.count {
        if stopping { return nil }
        if head > 0 {
          jobs.removeAll(keepingCapacity: true)
          head = 0
        }
        pthread_cond_wait(condition, mutex)
      }
      let job = jobs[head]
      head += 1
      if head >= 64 && head * 2 >= jobs.count {
        jobs.removeFirst(head)
        head = 0
      }
      return job
    }
  }

  private func locked<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  private func start() {
    let context = Unmanaged.passRetained(self).toOpaque()
    #if canImport(Darwin)
      var created: pthread_t?
    #else
      var created = pthread_t()
    #endif
    guard pthread_create(&created, nil, blockingExecutorMain, context) == 0 else {
      // No thread: refuse work rather than run it on the caller's thread.
      Unmanaged<BlockingQueue>.fromOpaque(context).release()
      locked {
        stopping = true
        joined = true
      }
      return
    }
    locked { thread = created }
  }

  /// The thread's body: names the thread and runs jobs until shut down.
  static func main(_ context: UnsafeMutableRawPointer) {
    let queue = Unmanaged<BlockingQueue>.fromOpaque(context).takeRetainedValue()
    queue.nameThread()
    while let job = queue.next() {
      job.run()
    }
  }

  private func nameThread() {
    #if canImport(Darwin)
      _ = pthread_setname_np(String(decoding: name.utf8.prefix(63), as: UTF8.self))
    #elseif canImport(Glibc)
      // Glibc declares `pthread_setname_np` only under `_GNU_SOURCE`, which Swift's
      // Glibc module does not set; the symbol is looked up instead.
      typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np")
      else { return }
      let setName = unsafeBitCast(symbol, to: SetName.self)
      _ = String(decoding: name.utf8.prefix(15), as: UTF8.self).withCString {
        setName(pthread_self(), $0)
      }
    #endif
  }
}

#if canImport(Darwin)
  private func blockingExecutorMain(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
  {
    BlockingQueue.main(context)
    return nil
  }
#else
  private func blockingExecutorMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
  {
    if let context { BlockingQueue.main(context) }
    return nil
  }
#endif
