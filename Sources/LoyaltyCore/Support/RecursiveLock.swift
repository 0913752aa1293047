#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A recursive mutual-exclusion lock on a `pthread_mutex_t` of type
/// `PTHREAD_MUTEX_RECURSIVE`: the thread holding it may take it again, and must release
/// it as often as it took it.
///
/// It is built on pthreads rather than on a futex so that ThreadSanitizer understands
/// it.
// Safe to share: the mutex lives at a fixed heap address and every access goes through
// the pthread calls, which synchronise the threads themselves.
package final class RecursiveLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates an unlocked lock.
  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Takes the lock, waiting while another thread holds it.
  package func lock() {
    pthread_mutex_lock(mutex)
  }

  /// Releases the lock once.
  package func unlock() {
    pthread_mutex_unlock(mutex)
  }

  /// Runs `body` while holding the lock.
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
