/// The lock one thread holds while it builds the shared objects (singletons and
/// weak-scoped objects) of one creation group, until it has published them or given
/// them up. A group is a set of shared recipes that require each other (see
/// `Recipe.creationGate()`); unrelated groups have unrelated gates, so their builds
/// run in parallel.
///
/// Invariants:
/// - `owner` is only read or written with `lock` held. A thread sets it to its own
///   ``WaitNode`` when it finds it `nil`; only that thread sets it back to `nil`, and
///   broadcasts `released` before it lets go of `lock`, so no waiter misses it.
/// - A thread never takes a gate it holds: its `ResolutionContext` counts re-entry.
/// - A thread blocks only after it has said what it waits for in its ``WaitNode``
///   and found, by following owners, that the wait closes no cycle.
final class CreationGate: @unchecked Sendable {  // its state is only touched with `lock` held
    private let lock = Lock()
    private let released = Condition()
    private var owner: WaitNode?
    /// How many times the gate has been taken: tells one holding from the next.
    private var tenure = 0
    private var isGroupAssigned = false

    /// The longest chain of waiting threads followed when looking for a cycle.
    private static let walkLimit = 1_000

    /// Takes the gate for the thread of `node`, which builds `recipe`, waiting while
    /// another thread holds it.
    ///
    /// - Throws: ``WaitCycle`` when the holder waits, directly or through other
    ///   threads, for a gate `node`'s thread holds: waiting would never end.
    func take(for node: WaitNode, building recipe: Recipe) throws(WaitCycle) {
        if takeIfFree(for: node) { return }
        node.startWaiting(for: self, wanting: recipe)
        defer { node.stopWaiting() }
        while true {
            let (holder, cycle) = findCycle(from: node, wanting: recipe)
            if let cycle { throw cycle }
            lock.lock()
            if owner == nil {
                owner = node
                tenure &+= 1
                lock.unlock()
                return
            }
            // A new holder may wait for this thread: look again before sleeping.
            if owner === holder { lock.wait(for: released) }
            lock.unlock()
        }
    }

    /// Lets another thread take the gate.
    func release() {
        lock.lock()
        owner = nil
        released.broadcast()
        lock.unlock()
    }

    /// Whether every member of the gate's group has been given this gate.
    var isAssignedToGroup: Bool { lock.withLock { isGroupAssigned } }

    /// Records that every member of the gate's group has this gate.
    func markAssignedToGroup() { lock.withLock { isGroupAssigned = true } }

    private func takeIfFree(for node: WaitNode) -> Bool {
        lock.withLock {
            guard owner == nil else { return false }
            owner = node
            tenure &+= 1
            return true
        }
    }

    private var holding: (owner: WaitNode, tenure: Int)? {
        lock.withLock { owner.map { ($0, tenure) } }
    }

    /// One step of a chain of waits: `gate` is held by `holder`, which waits for
    /// the next step's gate (unless it is the thread looking).
    private struct Step {
        let gate: CreationGate
        let holder: WaitNode
        let tenure: Int
        let episode: Int
    }

    /// Follows this gate's holder, the gate that holder waits for, that gate's holder,
    /// and so on; returns the first holder, and the cycle if the chain comes back to
    /// `node`, whose thread waits for this gate.
    ///
    /// Each read takes the lock of the gate or node it reads, so the chain is not a
    /// snapshot; two passes make it one where it matters:
    ///
    /// - *No cycle is missed.* Each thread says what it waits for before it follows
    ///   the chain. Suppose threads wait for each other in a circle and none saw it:
    ///   each walk then read some other member before that member's final holding or
    ///   wait was set (after it, every read is final, and a chain of final reads
    ///   comes back). That read, under the member's lock, came before the member set
    ///   its wait, and after the reader set its own: each member's wait happened
    ///   before another's, around a circle, which is impossible. So at least one
    ///   thread of every cycle sees it, whatever the interleaving.
    /// - *No cycle is imagined.* Chains read at different moments may join holdings
    ///   and waits that never coexisted. So a chain that comes back is read again,
    ///   and counts only if every holding (`tenure`) and every wait (`episode`) is
    ///   still the same one: each then lasted from its first read to its second,
    ///   and every first read came before every second, so at the moment between
    ///   the passes all of them held at once — the threads were waiting for each
    ///   other.
    private func findCycle(from node: WaitNode, wanting recipe: Recipe) -> (WaitNode?, WaitCycle?) {
        var wanted = [recipe]
        var steps: [Step] = []
        var gate = self
        for _ in 0..<Self.walkLimit {
            guard let (holder, tenure) = gate.holding else { break }
            if holder === node {
                steps.append(Step(gate: gate, holder: holder, tenure: tenure, episode: 0))
                let isStill = steps.allSatisfy { step in
                    guard let (holder, tenure) = step.gate.holding, holder === step.holder, tenure == step.tenure
                    else { return false }
                    return holder === node || holder.waiting?.episode == step.episode
                }
                return (steps.first?.holder, isStill ? WaitCycle(wanted: wanted) : nil)
            }
            guard let next = holder.waiting else {
                return (steps.first?.holder ?? holder, nil)
            }
            steps.append(Step(gate: gate, holder: holder, tenure: tenure, episode: next.episode))
            wanted.append(next.recipe)
            gate = next.gate
        }
        return (steps.first?.holder, nil)
    }
}

/// What one thread waits for, read by other threads that look for a wait cycle.
///
/// Invariant: its state is only read or written with `lock` held, and only the
/// node's own thread writes it: set before the thread looks for a cycle and blocks,
/// cleared once it holds the gate or gives up. Each wait is a new `episode`.
final class WaitNode: @unchecked Sendable {  // its state is only touched with `lock` held
    private let lock = Lock()
    private var current: (gate: CreationGate, recipe: Recipe)?
    private var episode = 0

    fileprivate func startWaiting(for gate: CreationGate, wanting recipe: Recipe) {
        lock.withLock {
            current = (gate, recipe)
            episode &+= 1
        }
    }

    fileprivate func stopWaiting() {
        lock.withLock { current = nil }
    }

    /// The gate the thread waits for, the recipe it wants built, and which wait
    /// this is.
    fileprivate var waiting: (gate: CreationGate, recipe: Recipe, episode: Int)? {
        lock.withLock { current.map { ($0.gate, $0.recipe, episode) } }
    }
}

/// Threads that would wait for each other forever: the recipes each wants, starting
/// with the one the thread that found the cycle asked for.
struct WaitCycle: Error {
    let wanted: [Recipe]
}
