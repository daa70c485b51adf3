/// One build at a time of each async singleton (or weak-scoped object), however
/// many tasks ask: the first task builds it, in its own task (so cancelling that
/// task cancels the build); the others suspend on continuations kept in a small
/// locked table, never blocking a thread, and look again when the build ends. If it
/// failed or was cancelled, one of them builds it instead.
///
/// The lock is held only to read and change the table, never across an `await`.
/// Before a task waits, the gate follows who waits for whom: a wait that would close
/// a circle of tasks (each building what the next one waits for) is refused with
/// ``InjectionError/Kind-swift.struct/crossThreadCycle`` instead of hanging.
final class AsyncGate: Sendable {
    /// The gate every injector's async steps share: entries live only while a build
    /// is under way.
    static let shared = AsyncGate()

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// A build under way: the type's name (for messages) and the tasks waiting for it.
    private struct Build {
        let name: String
        /// For a claim (``claim(_:owner:)``), the task that holds it.
        var owner: Int? = nil
        var waiters: [Waiter] = []
    }

    /// A task waiting: for which build, and the builds its own task (and the tasks
    /// it runs in) has under way, so a wait that closes a circle is refused.
    private struct Wait {
        let key: ObjectIdentifier
        let underway: [ObjectIdentifier]
    }

    private struct Table {
        /// The recipes being built.
        var building: [ObjectIdentifier: Build] = [:]
        /// Every task waiting, by waiter.
        var waits: [UInt64: Wait] = [:]
        /// Waiters cancelled before they were registered.
        var cancelled: Set<UInt64> = []
        var nextWaiter: UInt64 = 0

        /// The builds a task whose own builds are `underway` would wait for, through
        /// the builders of each, if it waited for `key` and that closed a circle (the
        /// last one is its own); `nil` when waiting is safe.
        func circle(waitingFor key: ObjectIdentifier, underway: [ObjectIdentifier]) -> [ObjectIdentifier]? {
            var visited: Set<ObjectIdentifier> = []
            func search(_ path: [ObjectIdentifier]) -> [ObjectIdentifier]? {
                guard let wanted = path.last, visited.insert(wanted).inserted else { return nil }
                // Not the build waited for itself: a task started inside a step
                // inherits its `underway`, and may wait for what the step builds.
                if path.count > 1, underway.contains(wanted) { return path }
                // What the tasks building `wanted` (and their child tasks) wait for.
                for wait in waits.values where wait.underway.contains(wanted) {
                    if let found = search(path + [wait.key]) { return found }
                }
                return nil
            }
            return search([key])
        }
    }

    private let table = LockedBox(Table())

    /// Runs `body` to build `recipe`'s value unless `isDone()` says it is there; while
    /// another task builds it, waits for that build to end, then looks again.
    ///
    /// `underway` are the builds this task (and the tasks it runs in) has under way.
    /// `body` runs on `isolation`, the caller's actor.
    ///
    /// - Throws: what `body` throws; `CancellationError` when this task is cancelled
    ///   while it waits; ``InjectionError/Kind-swift.struct/crossThreadCycle`` when the
    ///   task building `recipe` waits, directly or through other tasks, for one of
    ///   `underway`.
    func build(
        _ recipe: Recipe, underway: [ObjectIdentifier], isDone: () -> Bool, isolation: isolated (any Actor)?,
        _ body: () async throws -> Void
    ) async throws {
        let key = ObjectIdentifier(recipe)
        while !isDone() {
            let claimed = table.withLock { table -> Bool in
                guard table.building[key] == nil else { return false }
                table.building[key] = Build(name: recipe.typeName)
                return true
            }
            if claimed {
                defer { finish(key) }
                try await body()
                return
            }
            try await wait(for: key, underway: underway)
        }
    }

    /// How ``claim(_:owner:)`` answered.
    enum Claim {
        /// Claimed now: release it with ``release(_:)``.
        case claimed
        /// This task claimed it already.
        case held
        /// Another task builds it: wait with ``build(_:underway:isDone:isolation:_:)``.
        case heldByAnother
    }

    /// Marks `recipe` as built by the task `owner` until ``release(_:)``: a shared
    /// object an async request constructed synchronously, and completes only after
    /// an async step (see `AsyncClaims.swift`). Other tasks wait for it as for an
    /// async singleton's build.
    func claim(_ recipe: Recipe, owner: Int) -> Claim {
        let key = ObjectIdentifier(recipe)
        return table.withLock { table in
            if let build = table.building[key] { return build.owner == owner ? .held : .heldByAnother }
            table.building[key] = Build(name: recipe.typeName, owner: owner)
            return .claimed
        }
    }

    /// Whether a task other than the running one (or, outside any task, any task)
    /// holds a claim on `recipe`: a synchronous request must not construct it then.
    func isClaimedByAnotherTask(_ recipe: Recipe) -> Bool {
        let key = ObjectIdentifier(recipe)
        guard let owner = table.withLock({ $0.building[key]?.owner }) else { return false }
        return owner != AsyncSteps.currentTask ?? 0
    }

    /// Ends the claim of `key`: the tasks waiting for it look again.
    func release(_ key: ObjectIdentifier) { finish(key) }

    /// Ends the build of `key`: its waiters look again.
    private func finish(_ key: ObjectIdentifier) {
        let waiters = table.withLock { $0.building.removeValue(forKey: key)?.waiters ?? [] }
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// Suspends until the build of `key` ends, or this task is cancelled.
    private func wait(for key: ObjectIdentifier, underway: [ObjectIdentifier]) async throws {
        let id = try table.withLock { table -> UInt64 in
            if let circle = table.circle(waitingFor: key, underway: underway) {
                throw InjectionError.crossThreadCycle(wanted: circle.map { table.building[$0]?.name ?? "?" })
            }
            table.nextWaiter += 1
            table.waits[table.nextWaiter] = Wait(key: key, underway: underway)
            return table.nextWaiter
        }
        defer {
            table.withLock { table in
                table.cancelled.remove(id)
                table.waits[id] = nil
            }
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = table.withLock { table -> Result<Void, any Error>? in
                    if table.cancelled.contains(id) { return .failure(CancellationError()) }
                    guard table.building[key] != nil else { return .success(()) }
                    table.building[key]?.waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = table.withLock { table -> Waiter? in
                if let index = table.building[key]?.waiters.firstIndex(where: { $0.id == id }) {
                    return table.building[key]?.waiters.remove(at: index)
                }
                table.cancelled.insert(id)
                return nil
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}
