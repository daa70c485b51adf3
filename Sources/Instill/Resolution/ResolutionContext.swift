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
        /// The index of the requirement being filled; -1 while the initializer (or
        /// closure) runs; ``initializerDependency(_:)`` while a dependency it declares
        /// is resolved.
        var requirement: Int = -1
        /// The lowest frame index of an unfinished object this frame's subtree
        /// reached (Tarjan's low-link): below its own index, the frame belongs to a
        /// cycle that is not complete yet, and its awake must wait.
        var lowlink: Int
        /// Where this frame's deferred members start in `deferred`.
        let deferredStart: Int

        /// The ``requirement`` value while the declared dependency at `index` is
        /// resolved (-2, -3, …).
        static func initializerDependency(_ index: Int) -> Int { -2 - index }

        /// The declared dependency a ``requirement`` value stands for, if it is one.
        static func initializerDependency(from requirement: Int) -> Int? {
            requirement <= -2 ? -2 - requirement : nil
        }
    }

    /// An assembled object whose awake waits for the rest of its cycle.
    struct Deferred {
        let object: Any
        /// The metadata to awake it with; `nil` for a closure or provider's value.
        let metadata: InjectableMetadata?
        let recipe: Recipe?
    }

    /// A singleton, weak or graph-scoped object (or a closure value) registered before its requirements were
    /// filled (assembly rule 2) and not yet published.
    struct Pending {
        let object: Any
        var lowlink: Int
        let depth: Int
    }

    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var deferred: [Deferred] = []
    @exclusivity(unchecked) var pending: [ObjectIdentifier: Pending] = [:]
    @exclusivity(unchecked) var graph: [ObjectIdentifier: Any] = [:]
    @exclusivity(unchecked) var activeRequests = 0
    /// Whether this thread holds ``creationLock``.
    @exclusivity(unchecked) var holdsCreationLock = false
    /// Singletons and weak-scoped objects this thread has started and not yet
    /// published (or dropped): the creation lock is held while there are any.
    @exclusivity(unchecked) var unpublishedShared = 0
    /// How many ``BuildPlan``s are running on this thread, one inside another through
    /// requests their initializers or awakes make. Plans keep no frames, so past a
    /// few levels the resolver builds instead, and its frames catch a cycle.
    @exclusivity(unchecked) var planDepth = 0
    /// The plan nesting beyond which the resolver builds instead.
    static let planDepthLimit = 8
    /// Links being followed in the running resolution: each nests the trace one level.
    @exclusivity(unchecked) var linkDepth = 0
    /// The depth a ``ResolutionTracer`` event reports.
    var traceDepth: Int { frames.count + linkDepth }
    /// Links (`bind(_:to:)` without a scope) being followed, to report a loop of them.
    @exclusivity(unchecked) var linking: Set<BindingKey> = []
    @exclusivity(unchecked) var linkPath: [TypeReference] = []

    init() {
        frames.reserveCapacity(16)
    }

    /// Held by a thread while it builds singletons or weak-scoped objects, until it
    /// has published them. One lock for the whole process: injectors whose builds
    /// ask each other (a parent and its children, or two unrelated injectors) can
    /// then never wait for each other in a circle. Cached objects and `.normal`
    /// builds never take it.
    static let creationLock = Lock()

    /// Takes the creation lock, once per thread.
    @inline(__always)
    func acquireCreationLock() {
        guard !holdsCreationLock else { return }
        Self.creationLock.lock()
        holdsCreationLock = true
    }

    /// Counts a singleton or weak-scoped object whose build starts on this thread.
    @inline(__always)
    func startShared(_ recipe: Recipe) {
        if recipe.scope.isShared { unpublishedShared += 1 }
    }

    /// Counts one published (or dropped) shared object, and lets other threads build
    /// once this one has none left in progress.
    @inline(__always)
    func finishShared(_ recipe: Recipe) {
        guard recipe.scope.isShared else { return }
        unpublishedShared -= 1
        releaseCreationLockIfIdle()
    }

    private func releaseCreationLockIfIdle() {
        if unpublishedShared == 0, holdsCreationLock {
            holdsCreationLock = false
            Self.creationLock.unlock()
        }
    }

    /// Where the cycle starts that building `recipe` now would close, or `nil`.
    ///
    /// Building a recipe that is already on the stack closes a cycle unless an
    /// object above it is registered (a singleton, weak or graph-scoped object
    /// filling its requirements): then the cycle passes through that object, which
    /// the next lap finds in `pending`, so it ends. A registered object that had
    /// been made would have been found in `pending` already, so one on the stack
    /// here is still in its initializer, closure or provider: a cycle.
    @inline(__always)
    func cycleStart(for recipe: Recipe) -> Int? {
        var start = frames.count - 1
        while start >= 0, frames[start].recipe !== recipe { start -= 1 }
        guard start >= 0 else { return nil }
        if recipe.scope != .normal { return start }
        var index = start + 1
        while index < frames.count {
            if let other = frames[index].recipe, other.scope.breaksCycles, frames[index].requirement >= 0 { return nil }
            index += 1
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
        var dropped = frames[depth...].count { $0.recipe?.scope.isShared == true }
        frames.removeSubrange(depth...)
        if deferred.count > deferredStart {
            dropped += deferred[deferredStart...].count { $0.recipe?.scope.isShared == true }
            deferred.removeSubrange(deferredStart...)
        }
        if !pending.isEmpty { pending = pending.filter { $0.value.depth < depth } }
        unpublishedShared -= dropped
        releaseCreationLockIfIdle()
    }

    /// `error` with the chain of requirements that led to it (when it has none yet),
    /// after unwinding everything started at frame `depth` or above.
    func fail(_ error: InjectionError, unwindingTo depth: Int) -> InjectionError {
        var error = error
        if error.chain.isEmpty {
            // An initializer's own failure already names its type; keep `Type.init`
            // in the chain only for what the initializer asked for.
            let ownInitializer =
                depth == frames.count - 1 && frames[depth].metadata != nil && frames[depth].requirement == -1
            let end = ownInitializer ? depth : frames.count
            error.chain = Array(chain().prefix(end))
            if end > 0, let location = edgeLocation(of: frames[end - 1]) {
                error.requirementLocation = location.description
            }
        }
        unwind(to: depth)
        return error
    }

    /// Called when the outermost request on this thread ends.
    func endOutermostRequest() {
        if !graph.isEmpty { graph.removeAll(keepingCapacity: true) }
        if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
        if !frames.isEmpty { frames.removeAll(keepingCapacity: true) }
        if !deferred.isEmpty { deferred.removeAll(keepingCapacity: true) }
        if holdsCreationLock {
            unpublishedShared = 0
            releaseCreationLockIfIdle()
        }
        linkDepth = 0
    }

    /// The requirements from the outermost frame to the top, as `Type.property`,
    /// `Type.init(Dependency)` or `Type.init`.
    func chain() -> [String] {
        frames.map { frame in
            guard let metadata = frame.metadata else {
                let bound = frame.recipe?.typeName ?? "?"
                if let index = Frame.initializerDependency(from: frame.requirement),
                    let dependencies = frame.recipe?.binding?.dependencies
                {
                    return "\(bound) binding(\(dependencies.entries[index].label))"
                }
                return "\(bound) (binding)"
            }
            return metadata.edgeDescription(frame.requirement)
        }
    }

    /// Where the edge a frame is on was declared: its requirement, or the
    /// initializer or binding whose dependency it resolves.
    func edgeLocation(of frame: Frame) -> SourceLocation? {
        if let metadata = frame.metadata { return metadata.edgeLocation(frame.requirement) }
        guard Frame.initializerDependency(from: frame.requirement) != nil else { return nil }
        return frame.recipe?.binding?.dependencies?.location
    }

    /// The initializer or binding resolving a declared dependency on top of the
    /// stack (`Repository.init`, `Clock binding`), for the tracer.
    var declaringDependency: String? {
        guard linkDepth == 0, let top = frames.last, Frame.initializerDependency(from: top.requirement) != nil else {
            return nil
        }
        if let metadata = top.metadata { return "\(metadata.name).init" }
        return top.recipe.map { "\($0.typeName) binding" }
    }

}
