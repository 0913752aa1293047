#if canImport(Glibc)
  public import Glibc
#elseif canImport(Musl)
  public import Musl
#elseif canImport(Darwin)
  public import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`: the SDK's one lock for shared mutable state.
///
/// `Synchronization.Mutex` locks with futexes on Linux, which ThreadSanitizer does not
/// model, so every access it guards looks like a race there; a pthread mutex is what
/// ThreadSanitizer understands, and it exists on every Apple platform version. The value
/// and the mutex share one allocation.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
@usableFromInline
// Safe to share: the storage is only reached through `withLock`, which holds its mutex.
package struct Locked<Value>: @unchecked Sendable {
  @usableFromInline let storage: LockedStorage<Value>

  /// Creates a lock guarding `value`.
  @inlinable
  package init(_ value: Value) {
    storage = LockedStorage.make(value)
  }

  /// Runs `body` with the value while holding the lock, and returns what it returns.
  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try storage.withLock(body)
  }
}

/// The value and its mutex in one heap object. The value is read and written only
/// inside ``withLock(_:)``, with the mutex held: that is what makes ``Locked``'s
/// unchecked conformance safe.
@usableFromInline
package final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
  @inlinable
  static func make(_ value: Value) -> LockedStorage {
    let buffer = create(minimumCapacity: 1) { _ in value }
    buffer.withUnsafeMutablePointerToElements { mutex in
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }
    // Safe: `create` on this class returns an instance of this class.
    return unsafeDowncast(buffer, to: LockedStorage.self)
  }

  deinit {
    withUnsafeMutablePointerToElements { mutex in
      pthread_mutex_destroy(mutex)
      mutex.deinitialize(count: 1)
    }
  }

  @inlinable
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { value, mutex in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value.pointee)
    }
  }
}
