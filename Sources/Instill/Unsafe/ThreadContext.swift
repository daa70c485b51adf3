// Unsafe: the thread's context, used without retaining it and without exclusivity
// checks, and the thread's stack bounds. Invariant: a thread's `ResolutionContext` is
// alive while its thread runs and is used by that thread alone. Attacked by
// `ConcurrencyTests`, `StressTests`, `ReentrancyTests`, `ReentrantWarmBuildTests`,
// `PlanFrameTests` and `DeepGraphTests`.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `ResolutionContext` per thread, created on first use and released with the thread.
///
/// ## The invariant it relies on
/// The thread's context is alive while its thread runs: the thread-specific value of
/// ``key`` holds the one strong reference to it, made in `makeCurrent` and released
/// only by the key's destructor, which runs when the thread ends. A context is reached
/// only through the calling thread's value, so it is used on its own thread alone,
/// and code running on the thread (``withCurrent(_:)``, ``kept(key:)``) may use it
/// without retaining it. `ConcurrencyTests` and `StressTests` build on many threads
/// at once (each with its own context, under ThreadSanitizer in CI), and
/// `MemoryTests` checks that a thread's end releases what its context held.
enum ThreadContext {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<ResolutionContext>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<ResolutionContext>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// The calling thread's context.
    @inline(__always)
    static var current: ResolutionContext { unmanagedCurrent.takeUnretainedValue() }

    /// The calling thread's context, not retained: the thread keeps it.
    @inline(__always)
    static var unmanagedCurrent: Unmanaged<ResolutionContext> { unmanagedCurrent(key: key) }

    /// ``unmanagedCurrent`` given ``key``, read earlier.
    @inline(__always)
    static func unmanagedCurrent(key: pthread_key_t) -> Unmanaged<ResolutionContext> {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ResolutionContext>.fromOpaque(pointer)
        }
        return makeCurrent(key: key)
    }

    /// Runs `body` on the calling thread's context, not retained: the thread keeps it.
    @inline(__always)
    static func withCurrent<Result>(_ body: (ResolutionContext) throws -> Result) rethrows -> Result {
        try unmanagedCurrent._withUnsafeGuaranteedRef(body)
    }

    /// ``withCurrent(_:)`` given ``key``, read earlier.
    @inline(__always)
    static func withCurrent<Result>(key: pthread_key_t, _ body: (ResolutionContext) throws -> Result) rethrows
        -> Result
    {
        try unmanagedCurrent(key: key)._withUnsafeGuaranteedRef(body)
    }

    @inline(never)
    private static func makeCurrent(key: pthread_key_t) -> Unmanaged<ResolutionContext> {
        let context = Unmanaged.passRetained(ResolutionContext())
        pthread_setspecific(key, context.toOpaque())
        return context
    }
}

/// The state of the resolutions under way on one thread.
///
/// A top-level request (and every re-entrant request made while it runs, from
/// initializers, closures, providers or `awakeFromInjection()`) shares one graph
/// scope, one stack for cycle detection and one list of deferred awakes. The
/// context is reused across requests so a request allocates nothing of its own.
///
/// ## The invariant it relies on
/// A context is used by its own thread alone (``ThreadContext``): it is reached only
/// through the calling thread's value, and nothing stores it where another thread
/// could reach it. So no two threads access its state at once, and its stored
/// properties are declared `@exclusivity(unchecked)`. On its own thread, no access to
/// one of them overlaps another: every write is an assignment, or a mutating call of a
/// standard collection or of ``PlanFrames`` (`push`, `pop`), none of which calls code
/// that could re-enter the engine (an initializer, a closure, an awake); no property
/// is passed `inout` to anything else.
/// `ReentrancyTests`, `ReentrantWarmBuildTests` and `PlanFrameTests` re-enter the
/// injector from initializers, closures and awakes at every point of a build;
/// ThreadSanitizer runs them in CI.
final class ResolutionContext {
    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var deferred: [Deferred] = []
    @exclusivity(unchecked) var pending: [ObjectIdentifier: Pending] = [:]
    @exclusivity(unchecked) var graph = GraphTable()
    /// Requirements waiting for a shared object that was in its initializer when
    /// they were filled (see ``constructingSharedObject(_:)``).
    @exclusivity(unchecked) var backReferences: [BackReference] = []
    /// The graph the ``Lazy`` values made in this request resolve in, once one was
    /// made (or the one a lazy read on this thread resolves in): `.graph` objects
    /// stored in `graph` are published there, and one missing from `graph` is taken
    /// from there or built there under its gate (see ``LazyGraph``).
    @exclusivity(unchecked) var lazyGraph: LazyGraph?
    @exclusivity(unchecked) var activeRequests = 0
    /// Whether a request that may leave something here (any but a warm one, which
    /// only runs a plan) ran since the outermost request last cleared the context.
    @exclusivity(unchecked) var needsClearing = false
    /// Whether the requests under way on this thread run on the main actor: the
    /// outermost one proven so, and every request nested in it (see
    /// ``MainActorIsolation``).
    @exclusivity(unchecked) var isOnMainActor = false
    /// The step of an `await getObject` this thread runs, with the values its async
    /// steps made (see `AsyncResolution.swift`); `nil` for a synchronous request.
    @exclusivity(unchecked) var asyncJob: AsyncJob?
    /// While an ancestor builds a shared object for a descendant's request: that
    /// request, whose overrides the ancestor must not be asked for (see
    /// `Injector+OverrideReach.swift`).
    @exclusivity(unchecked) var overrideWatch: OverrideWatch?
    /// The creation gates this thread holds, each with how many reasons it has to:
    /// requests for the group's objects under way, and objects of the group started
    /// and not yet published (or dropped).
    @exclusivity(unchecked) var heldGates: [HeldGate] = []
    /// The object whose default `awakeFromInjection()` ran last on this thread, since
    /// the resolver last cleared it (see ``DefaultAwake``).
    @exclusivity(unchecked) var lastDefaultAwake: ObjectIdentifier?
    /// What this thread waits for, for other threads looking for a wait cycle.
    let waitNode = WaitNode()
    /// How many ``BuildPlan``s are running on this thread, one inside another through
    /// requests their initializers or awakes make: past a few levels the resolver
    /// builds instead (a cycle through such requests is caught sooner, see
    /// ``canRun(_:)``).
    @exclusivity(unchecked) var planDepth = 0
    /// The objects the plans running on this thread are building (see ``PlanFrames``).
    @exclusivity(unchecked) var planFrames = PlanFrames()
    /// For each running request that turned plan frames into resolver frames: its
    /// level (``activeRequests`` while it runs), and the counts to restore when it ends.
    @exclusivity(unchecked) var materializations: [(level: Int, frames: Int, planFrames: Int)] = []
    /// The level of the innermost request in ``materializations``; 0 for none.
    @exclusivity(unchecked) var materializedLevel = 0
    /// The plan nesting beyond which the resolver builds instead.
    static let planDepthLimit = 8
    /// The stack a plan may need: plans recurse once per level (at most
    /// `longestCompiledChain` levels) without checking the stack themselves.
    static let planStackReserve: UInt = 64 * 1024

    /// Whether a plan may run here: plans are not nested too deep on this thread,
    /// and the stack has room for the deepest one. Otherwise the resolver builds,
    /// checking the stack at every level.
    @inline(__always)
    var canRunPlan: Bool {
        planDepth < Self.planDepthLimit && !stack.isFrame(below: planFloor)
    }
    /// Links being followed in the running resolution: each nests the trace one level.
    @exclusivity(unchecked) var linkDepth = 0
    /// The depth a ``ResolutionTracer`` event reports.
    var traceDepth: Int { frames.count + linkDepth }
    /// Links (`bind(_:to:)` without a scope) being followed, to report a loop of them.
    @exclusivity(unchecked) var linking: Set<BindingKey> = []
    @exclusivity(unchecked) var linkPath: [TypeReference] = []

    /// This thread's stack: builds stop with ``InjectionError/Kind-swift.struct/depthLimit``
    /// before it runs out.
    let stack = ThreadStack.current()
    /// Below this address a plan does not run (see ``canRunPlan``).
    let planFloor: UInt

    init() {
        planFloor = stack.floor == 0 ? 0 : stack.floor &+ Self.planStackReserve
        frames.reserveCapacity(16)
    }

    deinit { planFrames.deallocate() }
}

/// How much stack the calling thread has left: the resolver and the graph walker
/// recurse once per level of the object graph, and stop with a typed error before
/// the thread's stack runs out.
///
/// The bounds come from the thread itself (`pthread_getattr_np` on Linux,
/// `pthread_get_stackaddr_np` on Apple platforms), read once per thread; a check is
/// one comparison with the address of a local variable. Where the bounds cannot be
/// read, nothing is ever reported low.
struct ThreadStack {
    /// The lowest address of the thread's stack.
    let lowest: UInt
    /// Below this address, the thread is considered out of stack.
    let floor: UInt
    /// The size of the thread's stack, for messages.
    let size: Int

    /// The calling thread's stack, keeping a reserve of a quarter of it (between
    /// 64 KiB and 256 KiB) for the frames that report the error and for the
    /// initializers, closures and awakes that run between two checks.
    static func current() -> ThreadStack {
        guard let (lowest, size) = bounds(), size > 0 else { return ThreadStack(lowest: 0, floor: 0, size: 0) }
        let reserve = min(max(size / 4, 64 * 1024), 256 * 1024)
        return ThreadStack(lowest: lowest, floor: lowest + UInt(reserve), size: size)
    }

    /// Whether the caller's frame is below the floor, or within `extra` bytes of it.
    @inline(__always)
    func isLow(reserving extra: UInt = 0) -> Bool {
        isFrame(below: floor &+ extra)
    }

    /// Whether the caller's frame lies below `address` (stacks grow down).
    ///
    /// A local variable that is not on this thread's stack at all (AddressSanitizer's
    /// "fake stack" keeps locals on the heap) tells nothing: the answer is then `false`.
    @inline(__always)
    func isFrame(below address: UInt) -> Bool {
        var marker: UInt8 = 0
        let frame = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return frame < address && frame >= lowest
    }

    /// The lowest address of the calling thread's stack and its size.
    private static func bounds() -> (lowest: UInt, size: Int)? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let size = pthread_get_stacksize_np(thread)
            return (top - UInt(size), size)
        #else
            // `pthread_getattr_np` is a GNU extension the Glibc module does not declare.
            typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pthread_getattr_np") else {
                return nil
            }
            let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
            return (UInt(bitPattern: address), size)
        #endif
    }
}
