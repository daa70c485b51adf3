// Unsafe: a pthread mutex and condition, and the box whose value only the lock reaches.
// Invariant: the mutex is only touched through pthread calls, at an address that does
// not move (a class's memory, or its tail); every access to a `LockedBox`'s value goes
// through its lock. Attacked by `LockedBoxTests`, `CreationGateTests`,
// `ConcurrencyTests` and `StressTests` (under ThreadSanitizer in CI).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex. ThreadSanitizer understands it on every platform, which is not
/// true of `Synchronization.Mutex` on Linux.
final class Lock: @unchecked Sendable {  // the mutex is only touched through pthread calls
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }

    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Releases the lock, which the caller holds, until `condition` is signalled,
    /// then takes it again. The wakeup may be spurious: check what you wait for.
    func wait(for condition: Condition) {
        pthread_cond_wait(condition.condition, mutex)
    }
}

/// A pthread condition variable, waited for with ``Lock/wait(for:)``.
final class Condition: @unchecked Sendable {  // the condition is only touched through pthread calls
    fileprivate let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        let status = pthread_cond_init(condition, nil)
        precondition(status == 0, "pthread_cond_init failed: \(status)")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Wakes every thread waiting for the condition.
    func broadcast() { pthread_cond_broadcast(condition) }
}

/// A value that can only be reached while holding its lock: one allocation, the
/// value and the mutex side by side (``LockedStorage``). Copies share the value.
struct LockedBox<Value>: @unchecked Sendable {  // every access to the value goes through the lock
    private let storage: LockedStorage<Value>

    init(_ value: Value) { storage = LockedStorage.make(value) }

    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }
}

/// The object behind a ``LockedBox``: the value as the buffer's header, and its
/// pthread mutex as the one element of its tail, initialized when the object is
/// made and destroyed in `deinit`. An object's memory does not move, so the mutex's
/// address is stable, as pthread requires.
private final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    static func make(_ value: Value) -> LockedStorage<Value> {
        let buffer = create(minimumCapacity: 1) { _ in value }
        // `create` makes an instance of the class it is called on.
        let storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in _ = pthread_mutex_destroy(mutex) }
    }

    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}
