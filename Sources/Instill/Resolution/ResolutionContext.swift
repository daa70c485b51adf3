/// The state of the resolutions under way on one thread.
///
/// A top-level request (and every re-entrant request made while it runs, from
/// initializers, closures, providers or `awakeFromInjection()`) shares one graph
/// scope, one stack for cycle detection and one list of deferred awakes. The
/// context is reused across requests so a request allocates nothing of its own.
final class ResolutionContext {
    /// One object (or closure call) being built.
    struct Frame {
        let recipe: Recipe?
        let metadata: InjectableMetadata?
        /// The index of the requirement being filled, or -1.
        var requirement: Int = -1
        /// The lowest frame index of an unfinished object this frame's subtree
        /// reached (Tarjan's low-link): below its own index, the frame belongs to a
        /// cycle that is not complete yet, and its awake must wait.
        var lowlink: Int
        /// Where this frame's deferred members start in `deferred`.
        let deferredStart: Int
    }

    /// An assembled object whose awake waits for the rest of its cycle.
    struct Deferred {
        let object: AnyObject
        let metadata: InjectableMetadata
        let recipe: Recipe?
    }

    /// A singleton or graph-scoped object registered before its requirements were
    /// filled (assembly rule 2) and not yet published.
    struct Pending {
        let object: AnyObject
        var lowlink: Int
        let depth: Int
    }

    var frames: [Frame] = []
    var deferred: [Deferred] = []
    var pending: [ObjectIdentifier: Pending] = [:]
    var graph: [ObjectIdentifier: Any] = [:]
    var activeRequests = 0
    var heldLocks: [Lock] = []
    /// Links (`bind(_:to:)` without a scope) being followed, to report a loop of them.
    var linking: Set<BindingKey> = []
    var linkPath: [TypeReference] = []

    init() {
        frames.reserveCapacity(16)
    }

    /// Takes `lock` (the creation lock of an injector family) until the outermost
    /// request on this thread ends.
    func acquire(_ lock: Lock) {
        for held in heldLocks where held === lock { return }
        lock.lock()
        heldLocks.append(lock)
    }

    /// Where the cycle starts that building `recipe` now would close, or `nil`.
    ///
    /// Building a recipe that is already on the stack closes a cycle unless a
    /// singleton or graph-scoped object above it is registered (filling its
    /// requirements): then the cycle passes through that object, which the next
    /// lap finds in `pending`, so it ends. A shared object that had been
    /// constructed itself would have been found in `pending` already, so one on the
    /// stack here is still in its initializer: a cycle.
    @inline(__always)
    func cycleStart(for recipe: Recipe) -> Int? {
        guard let start = frames.lastIndex(where: { $0.recipe === recipe }) else { return nil }
        if recipe.scope.isShared || recipe.scope.breaksCycles { return start }
        for frame in frames[(start + 1)...] {
            if let other = frame.recipe, other.scope.breaksCycles, frame.requirement >= 0 { return nil }
        }
        return start
    }

    /// Records that the frame on top reached an unfinished object whose low-link is
    /// `lowlink`.
    @inline(__always)
    func reached(lowlink: Int) {
        guard let top = frames.indices.last else { return }
        if lowlink < frames[top].lowlink { frames[top].lowlink = lowlink }
    }

    /// Drops everything started at frame `depth` or above after a failure, so no
    /// half-built object stays registered.
    func unwind(to depth: Int) {
        guard depth < frames.count else { return }
        let deferredStart = frames[depth].deferredStart
        frames.removeSubrange(depth...)
        if deferred.count > deferredStart { deferred.removeSubrange(deferredStart...) }
        if !pending.isEmpty { pending = pending.filter { $0.value.depth < depth } }
    }

    /// `error` with the chain of requirements that led to it (when it has none yet),
    /// after unwinding everything started at frame `depth` or above.
    func fail(_ error: InjectionError, unwindingTo depth: Int) -> InjectionError {
        var error = error
        if error.chain.isEmpty {
            // An initializer's own failure already names its type; keep `Type.init`
            // in the chain only for what the initializer asked for.
            let ownInitializer =
                depth == frames.count - 1 && frames[depth].metadata != nil && frames[depth].requirement < 0
            let end = ownInitializer ? depth : frames.count
            error.chain = Array(chain().prefix(end))
            if end > 0, let metadata = frames[end - 1].metadata, frames[end - 1].requirement >= 0 {
                error.requirementLocation = metadata.requirements[frames[end - 1].requirement].location.description
            }
        }
        unwind(to: depth)
        return error
    }

    /// Called when the outermost request on this thread ends.
    func endOutermostRequest() {
        if !graph.isEmpty { graph.removeAll(keepingCapacity: true) }
        if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
        frames.removeAll(keepingCapacity: true)
        deferred.removeAll(keepingCapacity: true)
        for lock in heldLocks.reversed() { lock.unlock() }
        heldLocks.removeAll(keepingCapacity: true)
    }

    /// The requirements from the outermost frame to the top, as `Type.property`.
    func chain() -> [String] {
        frames.map { frame in
            guard let metadata = frame.metadata else { return "\(frame.recipe?.typeName ?? "?") (binding)" }
            guard frame.requirement >= 0 else { return "\(metadata.name).init" }
            return "\(metadata.name).\(metadata.requirements[frame.requirement].propertyName)"
        }
    }

}
