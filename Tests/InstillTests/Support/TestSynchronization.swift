@testable import Instill

// Stand-ins for `Synchronization.Mutex` and `Synchronization.Atomic`, with the parts of
// their API the suites use. Those types need macOS 15 / iOS 18, and the package
// supports macOS 13 / iOS 16, where `swift test` must compile too. These are built on
// the library's pthread lock, which ThreadSanitizer understands on every platform
// (it reports `Synchronization.Mutex` on Linux as a race). No suite imports
// `Synchronization`, so the names are not ambiguous.

/// A value reached only while holding its lock.
final class Mutex<Value>: @unchecked Sendable {  // `value` is only touched under `lock`
    private let lock = Instill.Lock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// The orderings the suites name; every operation here is sequentially consistent.
enum TestOrdering {
    case relaxed, acquiring, releasing, acquiringAndReleasing, sequentiallyConsistent
}

/// A value read and written as a whole, under a lock.
final class Atomic<Value: Sendable>: @unchecked Sendable {  // `value` is only touched under `lock`
    private let lock = Instill.Lock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func load(ordering _: TestOrdering) -> Value {
        lock.withLock { value }
    }

    func store(_ newValue: Value, ordering _: TestOrdering) {
        lock.withLock { value = newValue }
    }

    @discardableResult
    func exchange(_ newValue: Value, ordering _: TestOrdering) -> Value {
        lock.withLock {
            let old = value
            value = newValue
            return old
        }
    }
}

extension Atomic where Value == Int {
    @discardableResult
    func add(_ delta: Int, ordering _: TestOrdering) -> (oldValue: Int, newValue: Int) {
        lock.withLock {
            let old = value
            value += delta
            return (old, value)
        }
    }

    @discardableResult
    func subtract(_ delta: Int, ordering _: TestOrdering) -> (oldValue: Int, newValue: Int) {
        add(-delta, ordering: .relaxed)
    }

    @discardableResult
    func wrappingAdd(_ delta: Int, ordering _: TestOrdering) -> (oldValue: Int, newValue: Int) {
        lock.withLock {
            let old = value
            value &+= delta
            return (old, value)
        }
    }
}
