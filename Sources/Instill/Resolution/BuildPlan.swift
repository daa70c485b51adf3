/// A `.normal` recipe compiled for its warm path: how to build its object and every
/// object under it without looking anything up.
///
/// The first builds of a recipe go through the resolver, which links each
/// requirement to its recipe, learns how to write protocol-typed properties, and
/// publishes singletons. Once all of that is known, the recipe's subtree is fixed:
/// each requirement is either another `.normal` object built the same way or a
/// published singleton. A plan records exactly that, so a later build runs the
/// initializers, writes and awakes and nothing else: no recipe lookups, no
/// resolution frames, no casts.
///
/// What a plan cannot fix it leaves to the resolver at run time: a `.graph` or
/// `.weak` object (or a group with one) is filled by a ``ResolvedStep``, in a request
/// nested in the plan's. A `Provider`, `Lazy` or `ObjectFactory` requirement is
/// written by its step's ``HandleWrite``, a `.normal` closure binding called by a
/// ``BindingCall``, each as the resolver does. Unpublished singletons and arguments
/// are not compiled. Nothing a plan builds is stored in any scope, so a failure leaves
/// nothing behind; the chain of requirements is rebuilt from the plan as the
/// failure unwinds (see ``PlanFailure``).
class BuildPlan: @unchecked Sendable {  // immutable after init; constants are published singletons
    /// How one requirement of the plan's type gets its value and is written.
    ///
    /// A trivial value: the objects it points to are kept alive by the plan's
    /// ``retained`` list, so running a plan retains nothing of its own.
    struct Step {
        enum Value {
            /// Built by another plan.
            case plan(Kept<BuildPlan>)
            /// A published singleton.
            case constant(Kept<AnyObject>)
            /// A `.graph` or `.weak` object, found in its scope or made by the resolver
            /// (see ``ScopedValue``).
            case scoped(Kept<ScopedValue>)
        }

        typealias Write = PropertyWriter.PlanWrite

        /// How a build writes the step's value.
        enum Kind: UInt8 {
            /// Through ``write``, whatever it is.
            case write
            /// By calling a closure entry's closure (``write`` is its
            /// ``ClosureObjectWriter``), read from the writer without a virtual call:
            /// ``PropertyWriter/PlanWrite/writeClosure(_:into:)``.
            case closure
            /// The value is what ``value``'s plan would build, made and assigned by the
            /// write instead: that plan only calls `init()` on exactly the class a
            /// closure entry declares, and the write is the entry's writer, which makes
            /// that class where it is known (``PropertyWriter/PlanWrite/writeNew(into:)``).
            /// The plan still reports a failure of that `init()`, as its build would have.
            case new
            /// A member of a ``FillGroup`` (its ``write`` is the group), whose value
            /// is built by ``value``. A build meets only a group's first member, and
            /// writes every member there with the group's closure
            /// (``BuildPlan/fillGroup(from:into:)``), then passes the others by.
            case member
            /// A member of a ``FillGroup`` that the group's closure makes itself, where
            /// its class is known: ``value``'s plan only calls `init()` on exactly that
            /// class, as for ``new``.
            case memberNew
            /// The value is what a closure binding returns: ``value`` is the
            /// ``BindingCall`` that calls it and writes what it returns.
            case call
            /// Filled by the resolver (``value`` is the ``ResolvedStep``): a `.graph` or
            /// `.weak` object, or anything else a plan cannot fix, for one requirement
            /// or a whole ``FillGroup``.
            ///
            /// Invariant of the unchecked downcasts in `call(_:into:in:frame:)` and
            /// `resolve(_:into:in:)`: `Injector.compilePlan` makes a ``call`` step only
            /// with `.constant` of a ``BindingCall`` and a ``resolve`` step only with
            /// `.constant` of a ``ResolvedStep`` (each also the step's write), both kept
            /// alive by the plan's retained list; a plan is immutable afterwards. Debug
            /// builds check each downcast (the whole suite, the differential sweeps and
            /// `HandleRequirementTests` run them).
            case resolve
            /// The value is a `.graph` or `.weak` object (``value`` is its
            /// ``ScopedValue``), written by ``write`` when the plan finds or builds it,
            /// and filled by the resolver otherwise (``BuildPlan/fillScoped(_:into:in:)``).
            case scoped
        }

        // Laid out in 32 bytes: two steps to a cache line.
        let write: Write
        private let index: Int32
        /// How a build writes the value: a step that is not ``Kind/write`` is a closure
        /// entry's, tested by a build before anything else.
        let kind: Kind
        let value: Value

        init(requirement: Int, value: Value, write: Write, kind: Kind = .write) {
            self.write = write
            self.index = Int32(requirement)
            self.kind = kind
            self.value = value
        }

        /// The index of the requirement in its type's ``InjectableMetadata``.
        var requirement: Int { Int(index) }

        /// This step of a group's member as a ``Kind/member``: its value built by its
        /// plan, not by the group's closure.
        var asMember: Step {
            Step(requirement: requirement, value: value, write: write, kind: .member)
        }

        /// Whether the write makes the value itself (``Kind/new``).
        var assignsNew: Bool { kind == .new }
    }

    // What a build reads comes first, so that it shares the object's first cache line
    // with the header: a warm build of a large graph touches each plan once, and the
    // plans' lines are what it waits for. Swift lays a class's stored properties out
    // in declaration order.

    /// Whether the plan builds its object with `init()` and has nothing to fill.
    let isLeaf: Bool
    /// Whether the plan builds its object with `init()`, then fills it, without a
    /// stack check: what most plans that are not leaves do, tested once.
    private let fillsAfterInit: Bool
    /// Whether a build is one call of a ``FillGroup``'s ``FillGroup/build`` (see
    /// ``buildByGroup()``): the steps are the members of one group (at most 255),
    /// declared by exactly the plan's class, which is built with its own `init()`,
    /// not main-actor isolated, with no stack check due. Such a plan is not
    /// ``fillsAfterInit``.
    private let buildsByGroup: Bool
    /// For a plan that ``buildsByGroup``: how many members a build builds and hands to
    /// the group's closure (the rest, a suffix, the closure makes itself).
    private let groupBuilt: UInt8
    /// For a plan that ``buildsByGroup``: the number of members.
    private let groupCount: UInt8
    /// Whether this plan checks the stack before it builds: every
    /// ``stackCheckInterval`` levels of height.
    private let checksStack: Bool
    /// Whether the object is built with ``makeObject`` (the initializer has no
    /// dependencies).
    private let buildsWithInit: Bool
    /// Whether a build calls the type's awake: not when it is the protocol's default,
    /// which does nothing (see ``DefaultAwake``), and the injector skips default awakes.
    /// Set once, by ``Injector/compilePlan(_:depth:)``, before the plan is published.
    final var awakes: Bool
    /// `init()`: the metadata's ``InjectableMetadata/makeObject``, specialized where the
    /// type conforms (see ``Initializer/defaultInitializer(for:)``), kept here so that a
    /// build calls it without retaining it or reading the metadata.
    let makeObject: @Sendable () throws -> AnyObject
    let steps: UnsafeMutableBufferPointer<Step>
    /// For a plan that ``buildsByGroup``: the group's ``FillGroup/build``, kept here so
    /// that a build calls it without reading the group (the plan retains the group,
    /// whose closure it is); a closure that is never called otherwise.
    private let groupBuild: FillGroup.Build
    /// The type's metadata, which lives as long as the process.
    private let metadataReference: Kept<InjectableMetadata>
    @inline(__always) var metadata: InjectableMetadata { metadataReference.object }
    /// The class every build returns an instance of.
    let type: ObjectIdentifier
    /// The recipe whose plan this is: what the resolver's frame for its object holds
    /// (see ``PlanFrames``). Set once, by ``Injector/compilePlan(_:depth:)``, before the
    /// plan is published; the recipe keeps the plan, and outlives every build of it.
    final var recipe: Recipe? {
        @inline(__always) get { recipeReference?.object }
        set { recipeReference = newValue.map(Kept.init) }
    }
    private final var recipeReference: Kept<Recipe>?
    /// One bit for this plan, and the bits of every plan its builds run (itself
    /// included): a running build of a plan whose bit is in ``reach`` may be built
    /// again by this one (see ``ResolutionContext/canRun(_:)``).
    let signature: UInt64
    let reach: UInt64
    /// The initializer's dependencies, in order; empty when it is `init()`.
    let dependencies: UnsafeMutableBufferPointer<Dependency>
    /// The size and alignment of the buffer the initializer's closure reads.
    let dependencyBytes: (count: Int, alignment: Int)
    /// The initializer's declared defaults, for an initializer with dependencies that
    /// reads arguments.
    let arguments: InjectionArguments
    /// The initializer's closure, kept here so that a build calls it without
    /// retaining it.
    let initialize: @Sendable (DependencyBuffer, InjectionArguments) throws -> AnyObject
    /// The initializer's ``Initializer/buildFromDefaults``, kept here for the same reason.
    let buildFromDefaults: @Sendable (inout Int) throws -> AnyObject
    /// The objects ``steps`` and ``dependencies`` refer to.
    private let retained: [AnyObject]
    /// The number of levels of plans this one runs, itself included.
    let height: Int
    /// Whether the initializer's dependencies fit an inline buffer (``DependencyBuffer/withInline(_:)``).
    let fitsInlineBuffer: Bool
    /// Whether the initializer builds with ``buildFromDefaults``: see
    /// ``makesDependenciesByInitializer(_:)``.
    let buildsFromDefaults: Bool
    /// Whether a build calls a binding's closure or the resolver (this plan's or one it
    /// runs): an async request's attempt does not run such a plan (see
    /// `Injector.buildObject`).
    let callsBindings: Bool

    required init(
        metadata: InjectableMetadata, steps: [Step], dependencies: [Dependency], retaining retained: [AnyObject]
    ) {
        self.metadataReference = Kept(metadata)
        self.type = metadata.classIdentifier
        self.steps = Self.allocateSteps(steps)
        self.dependencies = .allocate(capacity: dependencies.count)
        _ = self.dependencies.initialize(from: dependencies)
        let declared = metadata.initializer.dependencies
        self.dependencyBytes = (declared?.byteCount ?? 1, declared?.alignment ?? 1)
        self.fitsInlineBuffer = Self.fitsInlineBuffer(dependencyBytes)
        self.awakes = true  // decided by `compilePlan`, which knows the injector's accelerators
        // A main-actor type's plan runs only where the main actor is proven (see
        // ``MainActorBuildPlan``): its initializer need not check the proof again.
        self.initialize = metadata.isMainActor ? metadata.initializer.provenBuild : metadata.initializer.build
        self.buildFromDefaults = metadata.initializer.buildFromDefaults
        let arguments =
            metadata.initializer.takesArguments
            ? InjectionArguments(metadata.initializer.defaults, building: metadata.name)
            : InjectionArguments.none
        if metadata.makeDefault == nil, dependencies.isEmpty {
            // An initializer with arguments (its defaults, read from one value made
            // here) or a factory: built as the resolver builds it, checked to be of the type.
            self.makeObject = { [unowned metadata] in
                try metadata.construct(with: arguments, dependencies: .none)
            }
        } else {
            self.makeObject = metadata.makeObject
        }
        self.buildsWithInit = dependencies.isEmpty
        self.arguments = arguments
        self.retained = retained
        var below = 0
        for step in steps {
            if case .plan(let plan) = step.value { below = max(below, plan.with(\.height)) }
        }
        for dependency in dependencies {
            if case .plan(let plan, _) = dependency.value {
                below = max(below, plan.with(\.height))
            }
        }
        self.height = below + 1
        let signature = Self.signature(of: metadata)
        var reach = signature
        for step in steps {
            switch step.value {
            case .plan(let plan): reach |= plan.with(\.reach)
            case .constant(let constant):
                // A closure binding the plan calls: a frame of its own, as in the resolver.
                if step.kind == .call, let call = constant.object as? BindingCall {
                    reach |= Self.signature(of: call.recipe)
                }
            case .scoped:
                // Found in its scope, or built by the resolver in a request of its own.
                break
            }
        }
        for dependency in dependencies {
            if case .plan(let plan, _) = dependency.value { reach |= plan.with(\.reach) }
        }
        self.signature = signature
        self.reach = reach
        var callsBindings = steps.contains { step in
            if case .scoped = step.value { return true }
            return step.kind == .call || step.kind == .resolve
        }
        for step in steps {
            if case .plan(let plan) = step.value {
                callsBindings = callsBindings || plan.with(\.callsBindings)
            }
        }
        for dependency in dependencies {
            if case .plan(let plan, _) = dependency.value {
                callsBindings = callsBindings || plan.with(\.callsBindings)
            }
        }
        self.callsBindings = callsBindings
        self.checksStack = height % Self.stackCheckInterval == 0
        self.isLeaf = steps.isEmpty && dependencies.isEmpty
        let fillsAfterInit = !checksStack && dependencies.isEmpty && !steps.isEmpty
        let group = steps.first.flatMap(Self.group(of:))
        if let group, group.count == steps.count, group.count <= Int(UInt8.max), fillsAfterInit,
            group.root == type, metadata.makeDefault != nil, !metadata.isMainActor
        {
            self.buildsByGroup = true
            self.fillsAfterInit = false
            self.groupCount = UInt8(group.count)
            self.groupBuilt = UInt8(steps.count - steps.reversed().prefix { $0.kind == .memberNew }.count)
            self.groupBuild = group.build
        } else {
            self.buildsByGroup = false
            self.fillsAfterInit = fillsAfterInit
            self.groupCount = 0
            self.groupBuilt = 0
            self.groupBuild = FillGroup.buildsNothing
        }
        self.buildsFromDefaults = Self.makesDependenciesByInitializer(metadata, dependencies)
    }

    /// The ``signature`` of the plans of a type (`node` is its metadata), or of a
    /// closure binding a plan calls (`node` is its recipe): one bit of 64.
    static func signature(of node: AnyObject) -> UInt64 {
        let address = UInt(bitPattern: ObjectIdentifier(node).hashValue)
        return UInt64(1) << UInt64((address >> 4 ^ address >> 10) & 63)
    }

    /// A buffer holding `steps` (see ``StepPointer/allocate(_:)``).
    private static func allocateSteps(_ steps: [Step]) -> UnsafeMutableBufferPointer<Step> {
        StepPointer.allocate(steps)
    }

    deinit {
        // The steps are trivial values: nothing to deinitialize.
        StepPointer.deallocate(steps)
        dependencies.deallocate()
    }

    /// Calls `awakeFromInjection()` on an instance of the plan's type.
    func awake(_ object: AnyObject) {}

    /// Builds, fills and awakes a new object.
    ///
    /// Plans recurse once per level of the graph. A plan with a deep subtree checks,
    /// at every ``stackCheckInterval`` levels, that the thread's stack has room, and
    /// stops with `depthLimit` as the resolver does; a shallow one (most graphs)
    /// runs within the reserve ``ResolutionContext/canRunPlan`` keeps.
    final func build(in context: ResolutionContext) throws(PlanFailure) -> AnyObject {
        if checksStack { try checkStack() }
        if isLeaf { return try makeAwake(in: context) }
        let frame = context.planFrames.push(self)
        let object: AnyObject
        do throws(PlanFailure) {
            object = buildsWithInit ? try construct() : try constructWithDependencies(in: context, frame: frame)
            if !steps.isEmpty { try fillRequirements(object, in: context, frame: frame) }
        } catch {
            context.planFrames.pop()
            throw error
        }
        finish(object, in: context)
        return object
    }

    /// ``build()`` for a plan that ``fillsAfterInit``: an inner node of a graph of
    /// requirements, built by its parent's fill with one test of the plan.
    @inline(__always)
    private func buildFilled(in context: ResolutionContext) throws(PlanFailure) -> AnyObject {
        let frame = context.planFrames.push(self)
        let object: AnyObject
        do throws(PlanFailure) {
            object = try constructInline()
            try fillBuilt(object, in: context, frame: frame)
        } catch {
            context.planFrames.pop()
            throw error
        }
        finish(object, in: context)
        return object
    }

    /// Pops the build's entry, then awakes `object`, or has it wait for its cycle when
    /// a re-entrant request reached an unfinished object (see ``PlanFrames``).
    @inline(__always)
    private func finish(_ object: AnyObject, in context: ResolutionContext) {
        if context.planFrames.pop() {
            context.deferAwake(of: object, by: self)
        } else if awakes {
            awake(object)
        }
    }

    /// ``fillRequirements(_:in:frame:)`` for ``buildFilled(in:)``, not inlined: the
    /// fill builds the requirements' values, whose builds inline ``buildFilled(in:)``.
    @inline(never)
    private func fillBuilt(_ object: AnyObject, in context: ResolutionContext, frame: Int) throws(PlanFailure) {
        try fillRequirements(object, in: context, frame: frame)
    }

    /// A new instance of the plan's type from `init()`, awoken: what ``build()`` does
    /// for a plan with no requirements and no dependencies.
    final func makeAwake(in context: ResolutionContext) throws(PlanFailure) -> AnyObject {
        _ = context.planFrames.push(self)
        let object: AnyObject
        do throws(PlanFailure) {
            object = try construct()
        } catch {
            context.planFrames.pop()
            throw error
        }
        finish(object, in: context)
        return object
    }

    /// The failure for an error `init()` threw.
    @inline(never)
    final func constructionFailure(_ error: any Error) -> PlanFailure {
        PlanFailure(
            error as? InjectionError ?? .initializerFailed(metadata.name, underlying: error), initializerOf: metadata)
    }

    /// The failure for an error the resolver or a binding threw while `step` ran
    /// (its chain is the resolver's, when it has one).
    @inline(never)
    private func stepFailure(_ error: InjectionError, at step: StepPointer<Step>) -> PlanFailure {
        PlanFailure(error, initializerOf: metadata).unwinding(through: metadata, requirement: step.pointee.requirement)
    }

    /// The failure for an error the `init()` an ``Step/assignsNew`` step called threw:
    /// as the step's plan would have reported it.
    @inline(never)
    private func newValueFailure(_ error: any Error, step: StepPointer<Step>) -> PlanFailure {
        guard case .plan(let plan) = step.pointee.value else {
            return PlanFailure(.initializerFailed(metadata.name, underlying: error), initializerOf: metadata)
        }
        return plan.with { $0.constructionFailure(error) }
            .unwinding(through: metadata, requirement: step.pointee.requirement)
    }

    /// Whether a build of this plan only calls `init()` on exactly `type`: a leaf of an
    /// automatic build (nothing to fill, no dependencies) whose awake is skipped, not
    /// main-actor isolated. Code that knows `type` can then call that `init()` itself.
    final func isDefaultLeaf(of type: ObjectIdentifier?) -> Bool {
        isLeaf && !awakes && !metadata.isMainActor && metadata.makeDefault != nil && self.type == type
    }

    /// The failure for a value its requirement's key path cannot take (never, for a
    /// plan: its values are of the classes it was compiled for), as the resolver
    /// reports it.
    @inline(never)
    private func wrongRequirement(_ refused: AnyClass, index: Int) -> PlanFailure {
        PlanFailure(PropertyWriter.mismatch(refused, metadata.requirements[index]), initializerOf: metadata)
            .unwinding(through: metadata, requirement: index)
    }

    /// How many levels a plan runs between two stack checks.
    static let stackCheckInterval = 8

    @inline(never)
    private func checkStack() throws(PlanFailure) {
        let stack = ThreadContext.withCurrent { $0.stack }
        guard stack.isLow() else { return }
        throw PlanFailure(.depthLimit(metadata.name, depth: 0, stackSize: stack.size), initializerOf: metadata)
    }

    /// A new instance from `init()`; its failure as the resolver reports it.
    @inline(never)
    private func construct() throws(PlanFailure) -> AnyObject {
        try constructInline()
    }

    /// ``construct()``, inlined where a build of an inner node calls it (a leaf's
    /// callers keep the call).
    @inline(__always)
    private func constructInline() throws(PlanFailure) -> AnyObject {
        do {
            return try makeObject()
        } catch {
            throw constructionFailure(error)
        }
    }

    /// Fills an object's requirements, then awakes it.
    @inline(never)
    final func fill(_ object: AnyObject, in context: ResolutionContext) throws(PlanFailure) {
        let frame = context.planFrames.push(self, injects: true)
        do throws(PlanFailure) {
            try fillRequirements(object, in: context, frame: frame)
        } catch {
            context.planFrames.pop()
            throw error
        }
        finish(object, in: context)
    }

    /// The steps of the group whose first member is step `first`.
    final func groupSteps(from first: Int) -> UnsafeMutableBufferPointer<Step> {
        let count = Self.group(of: steps[first])?.count ?? 1
        return UnsafeMutableBufferPointer(rebasing: steps[first..<min(first + count, steps.count)])
    }

    /// The group whose member `step` is; `nil` for a step of anything else.
    private static func group(of step: Step) -> FillGroup? {
        guard step.kind == .member || step.kind == .memberNew, case .writer(let writer) = step.write else {
            return nil
        }
        return writer.object as? FillGroup
    }

    /// ``build()`` for a plan that ``buildsByGroup``: one call of the group's
    /// ``FillGroup/build``, which makes the object with its `init()`, has this plan
    /// build the members' values in order, and writes them all, making the leaves it
    /// knows; then the awake. What ``buildFilled()`` does, in the same order, with one
    /// call of the declaration's code instead of two.
    @inline(never)
    private func buildByGroup(in context: ResolutionContext) throws(PlanFailure) -> AnyObject {
        let first = StepPointer(steps, at: 0)  // the group's members
        let made = Int(groupBuilt)
        let frame = context.planFrames.push(self)
        let outcome = FillGroupValues.withTemporary(count: Int(groupCount)) {
            buffer -> Result<AnyObject, PlanFailure> in
            do {
                return .success(
                    try groupBuild(buffer, made, context.planFrames.made(frame)) {
                        values in
                        try buildMembers(from: first, count: made, into: values, in: context, frame: frame)
                        _ = context.planFrames.makingMembers(frame, from: 0)
                    })
            } catch {
                return .failure(groupFailure(error, from: first))
            }
        }
        guard case .success(let object) = outcome else {
            context.planFrames.pop()
            return try outcome.get()
        }
        finish(object, in: context)
        return object
    }

    /// Builds the values of the first `count` members from `first` on into `values`,
    /// in order; on a failure, none stays there.
    @inline(__always)
    private func buildMembers(
        from first: StepPointer<Step>, count: Int, into values: FillGroupValues,
        in context: ResolutionContext, frame: Int
    ) throws(PlanFailure) {
        var built = 0
        do throws(PlanFailure) {
            while built < count {
                context.planFrames.set(frame, requirement: first[built].requirement)
                values.initialize(built, to: try value(of: first + built, in: context))
                built += 1
            }
        } catch {
            values.deinitialize(count: built)
            throw error
        }
    }

    /// ``fill(_:)`` without the awake.
    @inline(__always)
    private func fillRequirements(_ object: AnyObject, in context: ResolutionContext, frame: Int) throws(PlanFailure) {
        var index = 0
        while index < steps.count {
            // Read through the buffer: each field is loaded where it is used. `index` is
            // below `steps.count`, and the buffer lives as long as the plan.
            let step = StepPointer(steps, at: index)
            index += 1
            context.planFrames.set(frame, requirement: step.pointee.requirement)
            // A closure entry's step: its writer's closure is called directly, one
            // line read and one indirect call fewer than the writer's virtual write.
            if step.pointee.kind != .write {
                if step.pointee.kind == .new {
                    // The leaf's `init()` runs in its own frame, as its plan's would.
                    if case .plan(let leaf) = step.pointee.value {
                        _ = leaf.with { context.planFrames.push($0) }
                    }
                    do {
                        try step.pointee.write.writeNew(into: object)
                    } catch {
                        context.planFrames.pop()
                        throw newValueFailure(error, step: step)
                    }
                    if context.planFrames.pop() { context.passOn(lowlink: context.planFrames.popped.lowlink) }
                } else if step.pointee.kind == .closure {
                    step.pointee.write.writeClosure(try value(of: step, in: context), into: object)
                } else if step.pointee.kind == .call {
                    try call(step, into: object, in: context, frame: frame)
                } else if step.pointee.kind == .resolve {
                    // One step for a whole group: the members have none of their own.
                    _ = try resolve(step, into: object, in: context)
                } else if step.pointee.kind == .scoped {
                    try fillScoped(step, into: object, in: context)
                } else {
                    // The first member of a group: the group's closure writes them all.
                    index += try fillGroup(from: step, into: object, in: context, frame: frame) - 1
                }
                continue
            }
            let value = try value(of: step, in: context)
            do throws(PropertyWriter.Refused) {
                try step.pointee.write.write(consume value, into: object)
            } catch {
                throw wrongRequirement(error.type, index: step.pointee.requirement)
            }
        }
    }

    /// Writes the members of a ``FillGroup`` into `object`, `first` being the first
    /// member's step (the others follow it): builds each member's value in order, then
    /// calls the group's closure with them; a ``Step/Kind/memberNew`` suffix of the
    /// members is left to the closure, which makes them after the others, as the
    /// plans would have. Returns the number of members, whose steps the caller passes.
    ///
    /// Invariant of the unchecked downcast: a step of kind ``Step/Kind/member`` or
    /// ``Step/Kind/memberNew`` is compiled only for a group's member, with the group as
    /// its write, for values of its member's class or a subclass (what the closure's
    /// downcasts need), and ``Step/Kind/memberNew`` only for a suffix of the members
    /// (``Injector/compilePlan(_:depth:)``); a plan is immutable afterwards.
    @inline(never)
    private func fillGroup(
        from first: StepPointer<Step>, into object: AnyObject, in context: ResolutionContext, frame: Int
    ) throws(PlanFailure) -> Int {
        guard case .writer(let writer) = first.pointee.write else { return 1 }
        // The group is read and called without a retain: the plan keeps it alive.
        return try writer.with { writer -> Result<Int, PlanFailure> in
            let group = Downcast.known(writer, as: FillGroup.self)
            var made = 0
            while made < group.count, first[made].kind != .memberNew { made += 1 }
            return FillGroupValues.withTemporary(count: group.count) { values in
                do throws(PlanFailure) {
                    try buildMembers(from: first, count: made, into: values, in: context, frame: frame)
                } catch {
                    return .failure(error)
                }
                // The group's closure makes the rest, counting them where a re-entrant
                // request sees them.
                let position = context.planFrames.makingMembers(
                    frame, from: first.index(in: steps))
                do {
                    try group.assign(object, values, made, position)
                } catch {
                    return .failure(groupFailure(error, from: first))
                }
                return .success(group.count)
            }
        }.get()
    }

    /// The failure for an error a group's closure threw: a member's build failure, as
    /// it was; an `init()` it called, as the plan of the member (or this plan, for the
    /// object's own) would have reported it.
    @inline(never)
    private func groupFailure(_ error: any Error, from first: StepPointer<Step>) -> PlanFailure {
        if let failure = error as? PlanFailure { return failure }
        guard let failed = error as? FillGroupMember.NewValueFailed else {
            // Nothing else is thrown: the closure throws only what it was given or an
            // `init()` threw.
            return PlanFailure(.initializerFailed(metadata.name, underlying: error), initializerOf: metadata)
        }
        guard failed.position >= 0 else { return constructionFailure(failed.error) }
        return newValueFailure(failed.error, step: first + failed.position)
    }

    /// Calls the closure binding of a ``Step/Kind/call`` step and writes what it
    /// returns, inside the entry's frame for it (a request the closure makes sees the
    /// binding's frame, as the resolver's `call` has it).
    @inline(never)
    private func call(
        _ step: StepPointer<Step>, into object: AnyObject, in context: ResolutionContext, frame: Int
    ) throws(PlanFailure) {
        guard case .constant(let constant) = step.pointee.value else { return }
        // The plan keeps the call alive (its retained list).
        let call = Downcast.known(constant.object, as: BindingCall.self)
        context.planFrames.calling(frame, step: step.index(in: steps))
        defer { context.planFrames.set(frame, requirement: step.pointee.requirement) }
        do {
            try call.write(into: object, in: context)
        } catch {
            throw stepFailure(error, at: step)
        }
    }

    /// Fills the requirement (or group) of a ``Step/Kind/resolve`` step with the
    /// resolver; returns how many requirements it filled.
    @inline(never)
    private func resolve(
        _ step: StepPointer<Step>, into object: AnyObject, in context: ResolutionContext
    ) throws(PlanFailure) -> Int {
        guard case .constant(let constant) = step.pointee.value else { return 1 }
        // The plan keeps the step alive (its retained list).
        let resolved = Downcast.known(constant.object, as: ResolvedStep.self)
        do {
            return try resolved.fill(object, in: context)
        } catch {
            throw stepFailure(error, at: step)
        }
    }

    /// The value of `step`: built by its plan, or its constant.
    @inline(__always)
    private func value(of step: StepPointer<Step>, in context: ResolutionContext) throws(PlanFailure) -> AnyObject {
        switch step.pointee.value {
        case .plan(let plan):
            var failure: PlanFailure?
            let built = plan.with { plan -> AnyObject? in
                do throws(PlanFailure) {
                    // A leaf, then an inner node with nothing but requirements, each
                    // built after one test; `build()` would test more first.
                    if plan.isLeaf { return try plan.makeAwake(in: context) }
                    if plan.fillsAfterInit { return try plan.buildFilled(in: context) }
                    return try plan.buildsByGroup ? plan.buildByGroup(in: context) : plan.build(in: context)
                } catch {
                    failure = error
                    return nil
                }
            }
            guard let built else {
                throw failure!.unwinding(through: metadata, requirement: step.pointee.requirement)
            }
            return built
        case .constant(let constant):
            return constant.object
        case .scoped(let scoped):
            if let found = scoped.with({ $0.found(in: context) }) { return found }
            if let built = try buildScoped(step, in: context) { return built }
            // A group's member: the resolver makes it, as its fill would.
            do throws(InjectionError) {
                return try scoped.object.resolve(in: context)
            } catch {
                throw stepFailure(error, at: step)
            }
        }
    }

    /// Fills the requirement of a ``Step/Kind/scoped`` step: writes the object its
    /// scope keeps, or one its leaf's plan builds; otherwise the resolver fills it
    /// (it may have to wait for an object still in its initializer, a back reference).
    @inline(never)
    private func fillScoped(
        _ step: StepPointer<Step>, into object: AnyObject, in context: ResolutionContext
    ) throws(PlanFailure) {
        guard case .scoped(let kept) = step.pointee.value else { return }
        let scoped = kept.object
        var value = scoped.found(in: context)
        if value == nil { value = try buildScoped(step, in: context) }
        guard let value else {
            do throws(InjectionError) {
                _ = try scoped.fallback.fill(object, in: context)
            } catch {
                throw stepFailure(error, at: step)
            }
            return
        }
        do throws(PropertyWriter.Refused) {
            try step.pointee.write.write(value, into: object)
        } catch {
            throw wrongRequirement(error.type, index: step.pointee.requirement)
        }
    }

    /// A new object for a ``Step/Value/scoped`` value that the scope lets a plan build
    /// (``ScopedValue/leaf``), built, awoken and kept there; `nil` when the resolver
    /// must answer.
    @inline(never)
    private func buildScoped(_ step: StepPointer<Step>, in context: ResolutionContext) throws(PlanFailure)
        -> AnyObject?
    {
        guard case .scoped(let kept) = step.pointee.value else { return nil }
        let scoped = kept.object
        guard let leaf = scoped.leaf(in: context) else { return nil }
        let object: AnyObject
        do throws(PlanFailure) {
            object = try leaf.makeAwake(in: context)
        } catch {
            throw error.unwinding(through: metadata, requirement: step.pointee.requirement)
        }
        scoped.keep(object, in: context)
        return object
    }
}

/// How a plan fills a requirement answered by a `.normal` closure binding: calls the
/// closure on each build, with the injector the resolver would give it, and writes
/// what it returns through the requirement's write (its type is known only then), with
/// the resolver's errors: a closure's own error as `providerFailed`, `nil` for a
/// property that cannot stay empty as `nilValue`.
final class BindingCall: ObjectWriter, @unchecked Sendable {  // immutable
    /// The binding's recipe: the resolver frame a request the closure makes sees.
    let recipe: Recipe
    private let requirement: Requirement
    private let make: @Sendable (Injector) throws -> Any?
    private let accelerators: Accelerators

    init(
        _ requirement: Requirement, of recipe: Recipe, make: @escaping @Sendable (Injector) throws -> Any?,
        accelerators: Accelerators
    ) {
        self.recipe = recipe
        self.requirement = requirement
        self.make = make
        self.accelerators = accelerators
        super.init(storedOffset: nil)
    }

    /// Not a write of a given value: a plan calls ``write(into:in:)``.
    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? { nil }

    /// Calls the closure and writes its value into `object`.
    func write(into object: AnyObject, in context: ResolutionContext) throws(InjectionError) {
        do {
            try recipe.withOwner { owner in
                let injector = context.overrideWatch == nil ? owner : owner.closureInjector(for: recipe, in: context)
                // Unwrapped where it is made: no copy of the optional.
                guard let value = try make(injector) else {
                    if requirement.dependency.isOptional { return }
                    throw InjectionError.nilValue(
                        recipe.typeName, forRequirement: true, closure: requirement.isClosureEntry
                    ).bound(at: recipe.binding)
                }
                try PropertyWriter.writeMade(value, to: requirement, of: object, accelerators: accelerators)
            }
        } catch let error as InjectionError {
            throw error
        } catch {
            throw InjectionError.providerFailed(recipe.typeName, underlying: error).bound(at: recipe.binding)
        }
    }
}

/// How a plan fills a requirement it cannot fix (a `.graph` or `.weak` object, a
/// closure binding reached through a link, anything whose own plan cannot be
/// compiled), or a ``FillGroup`` with such a member: with the resolver's own fill, in
/// a request nested in the plan's, so the plan's builds are the frames below it
/// (``ResolutionContext/materializePlanFrames()``) and it meets cycles, back references
/// and the request's `.graph` objects as a first build would.
final class ResolvedStep: ObjectWriter, @unchecked Sendable {  // immutable
    private unowned let metadata: InjectableMetadata
    private let index: Int
    /// The plan's recipe's injector, which keeps the recipe, so the plan: a build runs
    /// only while it lives (a child keeps its parent). Not retained: that would be a cycle.
    private unowned let injector: Injector
    private let links: AtomicSlots?

    init(_ metadata: InjectableMetadata, requirement index: Int, of recipe: Recipe) {
        self.metadata = metadata
        self.index = index
        self.injector = recipe.owner
        self.links = recipe.links
        super.init(storedOffset: nil)
    }

    /// Not a write of a given value: a plan calls ``fill(_:in:)``.
    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? { nil }

    /// Fills the requirement (or its group) of `object`; returns how many it filled.
    func fill(_ object: AnyObject, in context: ResolutionContext) throws(InjectionError) -> Int {
        let outer = context.openRequest(onMainActor: false, warm: false)
        defer { context.closeRequest(onMainActor: false, wasOnMainActor: outer) }
        do {
            return try injector.fillWithResolver(index, of: object, metadata, links: links, in: context)
        } catch let error as InjectionError {
            throw error
        } catch {
            throw InjectionError.initializerFailed(metadata.name, underlying: error)
        }
    }
}

/// How a plan gets a requirement's value answered by a `.graph` or `.weak` object:
/// the one its scope keeps (``ScopeStorage/find(_:in:)``, what a request finds first);
/// else one the plan of a leaf builds, where the scope lets a plan build
/// (``ScopeStorage/isBuiltByPlans``); else the resolver's, in a request nested in the
/// plan's, as ``ResolvedStep`` fills a requirement: the plan's builds are the frames
/// below, so the resolver meets cycles, pending objects and the lazies' graph as a
/// first build would.
final class ScopedValue: @unchecked Sendable {  // immutable
    /// The recipe at the end of the requirement's links, whose scope keeps the value.
    private let target: Recipe
    private unowned let metadata: InjectableMetadata
    private let index: Int
    /// The plan's recipe's injector (see ``ResolvedStep``). Not retained.
    private unowned let injector: Injector
    private let links: AtomicSlots?
    /// The plan of the target's type, when it is a leaf whose awake is skipped: a
    /// build calls only its `init()`, so a plan may build it where nothing of it is
    /// under way (see ``leaf(in:)``).
    private let leafPlan: BuildPlan?
    /// The resolver's fill of the requirement, for a requirement that is not a
    /// group's member.
    let fallback: ResolvedStep

    init(_ target: Recipe, _ metadata: InjectableMetadata, requirement index: Int, of recipe: Recipe, leaf: BuildPlan?)
    {
        self.target = target
        self.metadata = metadata
        self.index = index
        self.injector = recipe.owner
        self.links = recipe.links
        self.leafPlan = leaf
        self.fallback = ResolvedStep(metadata, requirement: index, of: recipe)
    }

    /// The object the target's scope keeps: an instance of the class the plan was
    /// compiled for (the target builds instances of exactly its class).
    @inline(__always)
    func found(in context: ResolutionContext) -> AnyObject? {
        guard let value = target.storage.find(target, in: context) else { return nil }
        return AnyUnboxing.anyObject(value)
    }

    /// The leaf's plan, when a plan may build the object here: as the resolver would
    /// build it, with nothing of it under way (no lazies' graph to build it in, not
    /// registered in this request, no build of its type running: ``ResolutionContext/canRun(_:)``).
    @inline(__always)
    func leaf(in context: ResolutionContext) -> BuildPlan? {
        guard let leafPlan, context.lazyGraph == nil,
            context.pending.isEmpty || context.pending[ObjectIdentifier(target)] == nil,
            context.canRun(leafPlan)
        else { return nil }
        return leafPlan
    }

    /// Keeps `object`, which the leaf's plan just built, in the target's scope; or,
    /// when its awake waits for a cycle its `init()` reached (a re-entrant request
    /// found an unfinished object), registers it as the resolver registers an object
    /// of an unfinished cycle, until the frame that closes the cycle publishes it.
    func keep(_ object: AnyObject, in context: ResolutionContext) {
        let entry = context.planFrames.popped
        guard entry.lowlink == .max || entry.lowlink >= Int(entry.frame) else {
            context.pending[ObjectIdentifier(target)] = .init(
                object: object, lowlink: entry.lowlink, depth: context.frames.count)
            return
        }
        target.storage.store(object, for: target, in: context)
    }

    /// The member's value, made by the resolver.
    @inline(never)
    func resolve(in context: ResolutionContext) throws(InjectionError) -> AnyObject {
        let outer = context.openRequest(onMainActor: false, warm: false)
        defer { context.closeRequest(onMainActor: false, wasOnMainActor: outer) }
        do {
            return try injector.groupMember(
                metadata.requirements[index], at: index, of: metadata, links: links, in: context)
        } catch let error as InjectionError {
            throw error
        } catch {
            throw InjectionError.initializerFailed(metadata.name, underlying: error)
        }
    }
}

/// The ``BuildPlan`` of one `Injectable` type: its awake, called without a closure.
final class TypedBuildPlan<T: Injectable>: BuildPlan, @unchecked Sendable {
    override func awake(_ object: AnyObject) {
        // Borrowed: a generic call on the object would retain it around the call.
        Kept(Downcast.known(object, as: T.self)).with {
            $0.awakeFromInjection()
        }
    }
}

/// The ``BuildPlan`` of one ``MainActorInjectable`` type: its `init()` and awake,
/// from the metadata's closures, which check the main-actor proof
/// (``MainActorIsolation``). The resolver runs such a plan only where the main actor
/// is proven, and a nonisolated type's plan never nests one.
final class MainActorBuildPlan: BuildPlan, @unchecked Sendable {
    /// The metadata's awake, kept here so that a build calls it without retaining it.
    private let awakeObject: @Sendable (AnyObject) -> Void

    required init(
        metadata: InjectableMetadata, steps: [Step], dependencies: [Dependency], retaining retained: [AnyObject]
    ) {
        awakeObject = metadata.awake
        super.init(metadata: metadata, steps: steps, dependencies: dependencies, retaining: retained)
    }

    override func awake(_ object: AnyObject) { awakeObject(object) }
}

/// A failure inside a ``BuildPlan``: an initializer threw.
///
/// The resolver would have had a frame on its stack for every object the plan was
/// building; the failure collects those as it unwinds, and
/// ``ResolutionContext/failure(from:)`` turns it into the error the resolver
/// would have thrown.
///
/// A class, so a plan's frames hold one reference for it, not the error itself: a
/// plan recurses once per level of the object graph, and small frames keep a deep
/// graph's stack in the cache.
final class PlanFailure: Error, @unchecked Sendable {  // made and used by one thread as it unwinds
    let error: InjectionError
    /// The type whose initializer failed.
    let initializerOf: InjectableMetadata
    /// The requirements being filled when it failed, innermost first.
    private(set) var requirements: [(metadata: InjectableMetadata, index: Int)] = []

    init(_ error: InjectionError, initializerOf metadata: InjectableMetadata) {
        self.error = error
        self.initializerOf = metadata
    }

    /// Adds the requirement whose value was being built, as the failure unwinds.
    func unwinding(through metadata: InjectableMetadata, requirement index: Int) -> PlanFailure {
        requirements.append((metadata, index))
        return self
    }
}

extension ResolutionContext {
    /// The error for a plan's failure, as the resolver reports it when it builds the
    /// same objects itself: the chain from this context's frames on, through the
    /// plan's requirements, and where the failing requirement is declared.
    func failure(from failure: PlanFailure) -> InjectionError {
        var error = failure.error
        let path = failure.requirements.reversed().map { metadata, index in metadata.edgeDescription(index) }
        if error.isChainEmpty {
            error.chain = chain() + path
            if let (metadata, index) = failure.requirements.first {
                error.requirementLocation = metadata.edgeLocation(index)?.description
            } else if let top = frames.last, let location = edgeLocation(of: top) {
                error.requirementLocation = location.description
            }
        }
        // Otherwise a request an initializer, closure or awake made failed: it had the
        // plan's frames as its own (``PlanFrames``), so its chain has them already.
        if error.kind == .depthLimit, error.chain.count > 0 {
            // The plan stopped at a level it could not count: the chain counts it.
            var counted = InjectionError.depthLimit(
                failure.initializerOf.name, depth: error.chain.count, stackSize: stack.size)
            counted.chain = error.chain
            counted.requirementLocation = error.requirementLocation
            error = counted
        }
        return error
    }
}

extension Injector {
    /// Runs `body`, which runs a plan, inside a request (or a requirement) that
    /// `context` already serves; a plan's failure becomes the resolver's error.
    @inline(__always)
    func running<Result>(
        in context: ResolutionContext, _ body: (ResolutionContext) throws(PlanFailure) -> Result
    ) throws(InjectionError) -> Result {
        context.planDepth &+= 1
        defer { context.planDepth &-= 1 }
        let frames = context.frames.count
        let deferred = context.deferred.count
        do {
            return try body(context)
        } catch {
            let failure = context.failure(from: error)
            // What requests inside the plan left for objects it built (waiting for
            // their cycles, registered as pending) goes with them, as a resolver
            // frame's failure drops it.
            context.unwind(toFrames: frames, deferred: deferred)
            throw failure
        }
    }

    /// Runs `body`, which runs `plan`, as a request of its own (`getObject`,
    /// `injectDependencies`); `nil` when plans are nested too deep on this thread and
    /// the resolver must answer instead.
    @inline(__always)
    func warmRequest<Result>(
        _ plan: BuildPlan, onMainActor: Bool = false, _ body: (ResolutionContext) throws(PlanFailure) -> Result
    ) throws -> Result? {
        try withRequest(onMainActor: onMainActor, warm: true) { context -> Result? in
            guard context.canRun(plan) else { return nil }
            do throws(InjectionError) {
                return try running(in: context, body)
            } catch var error {
                error.requestedType = plan.metadata.name
                throw error
            }
        }
    }

    /// Compiles `recipe`'s plan after a build, when it is due for a try.
    func compilePlanIfDue(_ recipe: Recipe) {
        guard accelerators.contains(.compiledPlans), recipe.claimPlanAttempt() else { return }
        if case .never = compilePlan(recipe, depth: 0) { recipe.ruleOutPlan() }
    }

    enum PlanOutcome {
        case compiled(BuildPlan)
        /// A requirement is not linked yet, a singleton not published, a writer not
        /// learned: a later build may succeed.
        case notYet
        case never
    }

    /// The longest chain of `.normal` objects one plan compiles.
    static let longestCompiledChain = 256

    func compilePlan(_ recipe: Recipe, depth: Int) -> PlanOutcome {
        if let plan = recipe.plan { return .compiled(plan) }
        guard depth < Self.longestCompiledChain, !recipe.storage.keepsValues, !recipe.isAsync,
            case .build(let metadata) = recipe.source, !metadata.hasDeclarationError,
            // A plan builds without arguments; a typed argument has no default.
            metadata.initializer.argument == nil
        else { return .never }
        guard recipe.hasAccepted(metadata.classIdentifier) else { return .notYet }
        var steps: [BuildPlan.Step] = []
        var retained: [AnyObject] = []
        var dependencies: [BuildPlan.Dependency] = []
        if let outcome = compileDependencies(
            of: recipe, metadata, depth: depth, into: &dependencies, retaining: &retained)
        {
            return outcome
        }
        // Requirements the resolver fills (`ResolvedStep`): a group's members up to here.
        var resolvedUpTo = 0
        func resolve(_ index: Int, _ requirement: Requirement) {
            var first = index
            var count = 1
            if let group = requirement.group {
                first = index - requirement.groupPosition
                count = group.count
                steps.removeAll { $0.requirement >= first }
            }
            let resolved = ResolvedStep(metadata, requirement: first, of: recipe)
            retained.append(resolved)
            steps.append(
                .init(
                    requirement: first, value: .constant(Kept(resolved)),
                    write: .writer(Kept(resolved)), kind: .resolve))
            resolvedUpTo = first + count
        }
        for (index, requirement) in metadata.requirements.enumerated() {
            if index < resolvedUpTo { continue }
            if requirement.dependency.kind != .object {
                // A `Provider`, `Lazy` or `ObjectFactory`: made and written by the write.
                guard requirement.group == nil else {
                    resolve(index, requirement)
                    continue
                }
                let write = HandleWrite(requirement, of: recipe.owner, accelerators: accelerators)
                retained.append(write)
                steps.append(
                    .init(
                        requirement: index, value: .constant(Kept(write)),
                        write: .writer(Kept(write))))
                continue
            }
            guard var target = recipe.links?.recipe(index) else { return .notYet }
            var links: [Recipe] = []
            while case .link(let linked) = target.source {
                links.append(target)
                target = linked
            }
            if target.isMainActor, !metadata.isMainActor { return .never }
            let value: BuildPlan.Step.Value
            let type: AnyClass
            if !target.storage.keepsValues, case .closure(let make) = target.source {
                // Called on each build, as the resolver calls it; its value is written
                // whatever its type.
                guard links.isEmpty, requirement.group == nil, target.binding?.dependencies == nil,
                    target.accepts == nil, !target.isAsync
                else {
                    resolve(index, requirement)
                    continue
                }
                let call = BindingCall(requirement, of: target, make: make, accelerators: accelerators)
                retained.append(call)
                steps.append(
                    .init(
                        requirement: index, value: .constant(Kept(call)),
                        write: .writer(Kept(call)), kind: .call))
                continue
            }
            if !target.storage.keepsValues {
                if case .instance(let instance) = target.source {
                    // A bound instance is fixed: written as a published singleton is.
                    guard let object = AnyUnboxing.reference(instance.value) else {
                        resolve(index, requirement)
                        continue
                    }
                    value = .constant(Kept(object))
                    retained.append(object)
                    type = Swift.type(of: object)
                } else {
                    guard target.objectMetadata != nil else {
                        resolve(index, requirement)
                        continue
                    }
                    switch compilePlan(target, depth: depth + 1) {
                    case .compiled(let compiled):
                        value = .plan(Kept(compiled))
                        retained.append(compiled)
                        guard let built = compiled.metadata.type.type as? AnyClass else { return .never }
                        type = built
                    case let outcome: return outcome
                    }
                }
            } else if target.storage.fixesPublishedObjects {
                guard let object = target.storage.singletonValue() else { return .notYet }
                // Published again (a singleton a lazy read in an awake built twice): the
                // resolver answers with the last one, a plan could not.
                guard let published = target.storage.sharedValue(), AnyUnboxing.reference(published) === object else {
                    return .never
                }
                value = .constant(Kept(object))
                retained.append(object)
                type = Swift.type(of: object)
            } else {
                // Kept per request, or while someone holds it: found in its scope, or
                // made by the resolver. An object of a known class, whose links accept
                // it, is found by the plan; anything else by the resolver.
                guard case .build(let targetMetadata) = target.source, !targetMetadata.hasDeclarationError,
                    let built = targetMetadata.type.type as? AnyClass,
                    ([target] + links).allSatisfy({ $0.hasAccepted(targetMetadata.classIdentifier) })
                else {
                    resolve(index, requirement)
                    continue
                }
                let scoped = ScopedValue(
                    target, metadata, requirement: index, of: recipe, leaf: scopedLeaf(targetMetadata, of: target))
                retained.append(scoped)
                value = .scoped(Kept(scoped))
                type = built
            }
            let id = ObjectIdentifier(type)
            guard links.allSatisfy({ $0.hasAccepted(id) }) else { return .notYet }
            if let group = requirement.group {
                // Written by the group's closure, which checks each value's class.
                guard let exactClass = requirement.exactClass, isClass(type, orSubclassOf: exactClass) else {
                    return .never
                }
                var kind = BuildPlan.Step.Kind.member
                if accelerators.contains(.directWrites), case .plan(let plan) = value,
                    plan.with({ $0.isDefaultLeaf(of: exactClass) })
                {
                    // A leaf's `init()`, called by the group's own closure.
                    kind = .memberNew
                } else {
                    // The closure makes its leaves after the values it is given: only a
                    // suffix of the members is made there, so `init()`s run in order.
                    for earlier in steps.indices.suffix(requirement.groupPosition)
                    where steps[earlier].kind == .memberNew {
                        steps[earlier] = steps[earlier].asMember
                    }
                }
                retained.append(group)
                steps.append(
                    .init(requirement: index, value: value, write: .writer(Kept(group)), kind: kind)
                )
                continue
            }
            let write: BuildPlan.Step.Write
            switch PropertyWriter.planWrite(
                requirement, writing: type, accelerators: accelerators, retaining: &retained)
            {
            case .write(let chosen): write = chosen
            case .notYet: return .notYet
            case .never: return .never
            }
            var kind = BuildPlan.Step.Kind.write
            if case .scoped = value {
                kind = .scoped
            } else if let assignsNew = write.closureAssignsNew {
                kind = .closure
                if case .plan(let plan) = value, assignsNew,
                    plan.with({ $0.isDefaultLeaf(of: requirement.exactClass) })
                {
                    // A leaf's `init()`, called by the entry's own closure.
                    kind = .new
                }
            }
            steps.append(.init(requirement: index, value: value, write: write, kind: kind))
        }
        let plan = metadata.makePlan(steps, dependencies: dependencies, retained)
        plan.recipe = recipe
        // The learned default awake is shared by every injector; only one that skips
        // default awakes reads it.
        plan.awakes = !(accelerators.contains(.defaultAwakeSkip) && metadata.awakeIsDefault)
        guard let stored = recipe.storePlan(plan) else { return .never }
        return .compiled(stored)
    }

    /// The plan a ``ScopedValue`` builds `target`'s object with, where its scope lets
    /// a plan build (``ScopeStorage/isBuiltByPlans``): only for a leaf (`init()`,
    /// nothing to fill) whose awake is skipped, so a build is its `init()` alone, as
    /// the resolver's would be.
    func scopedLeaf(_ metadata: InjectableMetadata, of target: Recipe) -> BuildPlan? {
        guard accelerators.contains(.compiledPlans), accelerators.contains(.defaultAwakeSkip),
            target.storage.isBuiltByPlans, !target.isAsync, target.binding?.dependencies == nil,
            metadata.requirements.isEmpty, metadata.initializerDependencies.isEmpty,
            metadata.makeDefault != nil, metadata.initializer.argument == nil, metadata.awakeIsDefault
        else { return nil }
        let plan = metadata.makePlan([], dependencies: [], [])
        plan.recipe = target
        plan.awakes = false
        return plan
    }
}
