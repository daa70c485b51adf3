/// One build at a time of each async singleton (or weak-scoped object), however
/// many tasks ask: the first task builds it, in its own task (so cancelling that
/// task cancels the build); the others suspend on continuations kept in a small
/// locked table, never blocking a thread, and look again when the build ends. If it
/// failed or was cancelled, one of them builds it instead.
///
/// The lock is held only to read and change the table, never across an `await`.
final class AsyncGate: Sendable {
    /// The gate every injector's async steps share: entries live only while a build
    /// is under way.
    static let shared = AsyncGate()

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Table {
        /// The recipes being built, each with the tasks waiting for it.
        var building: [ObjectIdentifier: [Waiter]] = [:]
        /// Waiters cancelled before they were registered.
        var cancelled: Set<UInt64> = []
        var nextWaiter: UInt64 = 0
    }

    private let table = LockedBox(Table())

    /// Runs `body` to build `recipe`'s value unless `isDone()` says it is there; while
    /// another task builds it, waits for that build to end, then looks again.
    ///
    /// - Throws: what `body` throws, or `CancellationError` when this task is
    ///   cancelled while it waits.
    func build(_ recipe: Recipe, isDone: () -> Bool, _ body: () async throws -> Void) async throws {
        let key = ObjectIdentifier(recipe)
        while !isDone() {
            let claimed = table.withLock { table -> Bool in
                guard table.building[key] == nil else { return false }
                table.building[key] = []
                return true
            }
            if claimed {
                defer { finish(key) }
                try await body()
                return
            }
            try await wait(for: key)
        }
    }

    /// Ends the build of `key`: its waiters look again.
    private func finish(_ key: ObjectIdentifier) {
        let waiters = table.withLock { $0.building.removeValue(forKey: key) ?? [] }
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// Suspends until the build of `key` ends, or this task is cancelled.
    private func wait(for key: ObjectIdentifier) async throws {
        let id = table.withLock { table -> UInt64 in
            table.nextWaiter += 1
            return table.nextWaiter
        }
        defer { table.withLock { _ = $0.cancelled.remove(id) } }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = table.withLock { table -> Result<Void, any Error>? in
                    if table.cancelled.contains(id) { return .failure(CancellationError()) }
                    guard table.building[key] != nil else { return .success(()) }
                    table.building[key]?.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = table.withLock { table -> Waiter? in
                if let index = table.building[key]?.firstIndex(where: { $0.id == id }) {
                    return table.building[key]?.remove(at: index)
                }
                table.cancelled.insert(id)
                return nil
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}
