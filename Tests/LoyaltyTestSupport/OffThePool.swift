import Dispatch

/// Runs `work` on a Dispatch thread and waits for it without holding a thread of the
/// cooperative pool.
///
/// The pool has one thread per core, two on a small CI machine. A test that draws a
/// thousand images, or waits for a child process, on one of them holds it for seconds,
/// and the timers of the suites running beside it (the deadline tests among them) wait
/// that long to fire.
public func offThePool<Value: Sendable>(
  _ work: @escaping @Sendable () -> Value
) async -> Value {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: work()) }
  }
}
