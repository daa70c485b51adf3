// Unsafe: the entries of the plans running on a thread, and a plan's steps read in
// place. Invariant: neither buffer is reallocated while a plan runs, and every index is
// below its count. Attacked by `PlanFrameTests`, `ReferencePlanTests`,
// `FillGroupCompositionTests` and `ClosureStepCompositionTests`.

/// The objects the ``BuildPlan``s running on one thread are building, outermost
/// first: what the resolver's frames would hold had it built them itself.
///
/// A plan keeps no resolver frame, but the initializers, closures and awakes it calls
/// may ask the injector for something (a re-entrant request). Such a request must see
/// what a first build would have had on its stack, so that a cycle through it is
/// found at the same place, with the same chain and the same initializers run: it
/// turns these entries into resolver frames while it runs
/// (``ResolutionContext/materializePlanFrames()``), and no plan that would build one
/// of them again runs inside it (``ResolutionContext/canRun(_:)``).
///
/// A push is one store of the plan and of `-1` (its initializer runs); a plan
/// filling a requirement stores its index, as the resolver stores it in its frame.
///
/// ## Invariant
/// The buffer holds ``capacity`` entries and is never reallocated, so an index stays
/// valid while its plan runs. At most ``ResolutionContext/planDepthLimit`` plan runs
/// nest on a thread (``ResolutionContext/canRunPlan``), and a run pushes at most one
/// entry per level of its plan, whose height is at most `Injector.longestCompiledChain`
/// plus one; every push is popped when its build returns or throws. So ``count``
/// never exceeds ``capacity``. `PlanFrameTests` nests plans to the limit.
struct PlanFrames {
    /// One plan's build under way.
    struct Entry {
        let plan: Kept<BuildPlan>
        /// As ``ResolutionContext/Frame/requirement``: -1 while the initializer runs.
        var requirement: Int
        /// For a plan whose initializer makes its dependencies itself
        /// (``BuildPlan/buildsFromDefaults``): how many it has made; for a plan whose
        /// group's closure makes members itself: the closure's count of members passed.
        var made: Int
        /// For a plan whose group's closure runs (``makingMembers``): the index of the
        /// group's first member among the plan's steps.
        var firstMember: Int
        /// The lowest resolver frame of an unfinished object (a shared one still
        /// being filled) that a re-entrant request of this build reached, as a frame's
        /// ``ResolutionContext/Frame/lowlink``; `Int.max` for none. Then the object
        /// belongs to a cycle that is not complete, and its awake waits, as the
        /// resolver's would.
        var lowlink: Int
        /// Whether the plan fills an object built elsewhere (`injectDependencies`):
        /// the resolver's frame for it has no recipe.
        let injects: Bool
        /// Once a re-entrant request gave this build a resolver frame: that frame's
        /// index, and how many objects were waiting for their cycles then. A build
        /// whose ``lowlink`` is its own frame or above closes the cycle (as that frame
        /// would): it awakes the objects that waited since, then its own.
        var frame: Int32 = .max
        var deferredStart: Int32 = 0
    }

    /// The ``Entry/requirement`` of a plan whose ``BuildPlan/buildFromDefaults`` runs:
    /// it makes dependency ``Entry/made`` (then calls the initializer, once it made them all).
    static let makingDefaults = Int.min

    /// The ``Entry/requirement`` of a plan whose ``FillGroup``'s closure runs, making
    /// members from ``Entry/firstMember`` on with their `init()` (see
    /// ``BuildPlan/Step/Kind/memberNew``), then writing them all.
    static let makingMembers = Int.min + 1

    /// The ``Entry/requirement`` of a plan calling the closure binding of its step
    /// ``Entry/firstMember`` (a ``BuildPlan/Step/Kind/call``): the binding has a frame
    /// of its own above the plan's, as in the resolver's `call`.
    static let callingBinding = Int.min + 2

    /// The most entries a thread needs (see the invariant).
    static let capacity = ResolutionContext.planDepthLimit * (Injector.longestCompiledChain + 2) + 8

    private static let madeOffset = MemoryLayout<Entry>.offset(of: \Entry.made).unsafelyUnwrapped

    private let base: UnsafeMutablePointer<Entry>
    /// The number of entries.
    private(set) var count = 0
    /// How many entries, from the first, the running requests have as resolver frames.
    var materialized = 0

    init() {
        base = .allocate(capacity: Self.capacity)
    }

    /// Frees the buffer: called once, by the context that owns it.
    func deallocate() { base.deallocate() }

    /// Adds `plan`, in its initializer; returns its index.
    @inline(__always)
    mutating func push(_ plan: BuildPlan, injects: Bool = false) -> Int {
        let index = count
        (base + index).initialize(
            to: Entry(
                plan: Kept(plan), requirement: -1, made: 0, firstMember: 0, lowlink: .max, injects: injects))
        count = index &+ 1
        return index
    }

    /// Removes the last entry; returns whether its build reached an unfinished object
    /// (its ``Entry/lowlink``, still readable as ``popped``).
    @inline(__always)
    @discardableResult
    mutating func pop() -> Bool {
        count &-= 1
        return base[count].lowlink != .max
    }

    /// The entry ``pop()`` removed last.
    var popped: Entry { base[count] }

    /// Records that the build at `index` reached the unfinished object whose frame is
    /// `lowlink`.
    func lower(_ index: Int, to lowlink: Int) {
        if lowlink < base[index].lowlink { base[index].lowlink = lowlink }
    }

    /// Records that the plan at `index` fills `requirement` (or resolves an initializer
    /// dependency: ``ResolutionContext/Frame/initializerDependency(_:)``).
    @inline(__always)
    func set(_ index: Int, requirement: Int) { base[index].requirement = requirement }

    /// The counter a plan's ``BuildPlan/buildFromDefaults`` advances as it makes each
    /// dependency.
    @inline(__always)
    func made(_ index: Int) -> MemberCounter {
        MemberCounter(
            pointer: (UnsafeMutableRawPointer(base + index) + Self.madeOffset).assumingMemoryBound(to: Int.self))
    }

    /// Records that the plan at `index` calls its group's closure, whose first member
    /// is the plan's step `firstMember`; returns the counter the closure advances.
    @inline(__always)
    func makingMembers(_ index: Int, from firstMember: Int) -> MemberCounter {
        base[index].requirement = Self.makingMembers
        base[index].firstMember = firstMember
        base[index].made = 0
        return made(index)
    }

    /// Records the resolver frame the entry at `index` was given, and how many objects
    /// were waiting for their cycles then.
    func materialize(_ index: Int, frame: Int, deferredStart: Int) {
        // The first time counts: objects may wait for it since then.
        guard base[index].frame == .max else { return }
        base[index].frame = Int32(frame)
        base[index].deferredStart = Int32(deferredStart)
    }

    /// Records that the plan at `index` calls the closure binding of its step `step`.
    @inline(__always)
    func calling(_ index: Int, step: Int) {
        base[index].requirement = Self.callingBinding
        base[index].firstMember = step
    }

    /// The entry at `index`.
    subscript(index: Int) -> Entry { base[index] }
}

/// One of a ``BuildPlan``'s steps, read in place: a build loads each field of a step
/// where it uses it, from the plan's buffer of steps.
///
/// ## The invariant it relies on
/// A plan's steps live in one buffer (``allocate(_:)``), allocated and initialized
/// from the compiled steps when the plan is made, never written again, and freed in
/// the plan's `deinit` (``deallocate(_:)``); steps are trivial values. A `StepPointer`
/// is made only for an index below the buffer's count (`fillRequirements` walks below
/// `steps.count`; a group's members are `count` consecutive steps from its first,
/// which ``Injector/compilePlan(_:depth:)`` checked), and is used only while its plan
/// runs, which the recipe's slot (or the plan that runs it) keeps alive.
/// `ReferencePlanTests`, `FillGroupCompositionTests`, `ClosureStepCompositionTests` and
/// `PlanFrameTests` build plans of every step kind, groups included; AddressSanitizer
/// runs them in CI.
struct StepPointer<Element> {
    private let pointer: UnsafePointer<Element>

    /// The step at `index` of `steps`, below its count.
    @inline(__always)
    init(_ steps: UnsafeMutableBufferPointer<Element>, at index: Int) {
        pointer = UnsafePointer(steps.baseAddress.unsafelyUnwrapped + index)
    }

    @inline(__always)
    private init(pointer: UnsafePointer<Element>) { self.pointer = pointer }

    /// The step, read in place: a field read loads that field only.
    @inline(__always)
    var pointee: Element { unsafeAddress { pointer } }

    /// The step `offset` places after this one, read in place.
    @inline(__always)
    subscript(offset: Int) -> Element { unsafeAddress { pointer + offset } }

    /// The step `offset` places after `step`.
    @inline(__always)
    static func + (step: StepPointer, offset: Int) -> StepPointer { StepPointer(pointer: step.pointer + offset) }

    /// The index of this step in `steps`, the buffer it points into.
    @inline(__always)
    func index(in steps: UnsafeMutableBufferPointer<Element>) -> Int {
        pointer - UnsafePointer(steps.baseAddress.unsafelyUnwrapped)
    }

    /// A buffer holding `steps`, starting at a 64-byte boundary: two steps of 32 bytes
    /// then share one cache line, which a build reads once. No buffer for no steps.
    static func allocate(_ steps: [Element]) -> UnsafeMutableBufferPointer<Element> {
        guard !steps.isEmpty else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: steps.count * MemoryLayout<Element>.stride, alignment: max(64, MemoryLayout<Element>.alignment))
        let buffer = UnsafeMutableBufferPointer(
            start: raw.bindMemory(to: Element.self, capacity: steps.count), count: steps.count)
        _ = buffer.initialize(from: steps)
        return buffer
    }

    /// Frees a buffer made by ``allocate(_:)``, whose steps are trivial.
    static func deallocate(_ steps: UnsafeMutableBufferPointer<Element>) {
        if let base = steps.baseAddress { UnsafeMutableRawPointer(base).deallocate() }
    }
}
