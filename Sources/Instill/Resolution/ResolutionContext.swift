/// What the engine does with the thread's ``ResolutionContext`` (its state is
/// declared in `Unsafe/ThreadContext.swift`).
extension ResolutionContext {
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
        /// Its frame's depth; ``closing`` once that frame closed its cycle.
        var depth: Int

        /// The ``depth`` of an object whose cycle is complete, being awoken before it
        /// is published: no failure of a request its awake makes drops it.
        static let closing = -1
    }

    /// Marks the shared objects of a cycle that is complete (`members`, and `recipe`'s
    /// object) as ``Pending/closing``: their awakes may make requests whose frames reuse
    /// the depths theirs had.
    func markClosing(_ members: [Deferred], _ recipe: Recipe?) {
        guard !pending.isEmpty else { return }
        for member in members {
            if let recipe = member.recipe { pending[ObjectIdentifier(recipe)]?.depth = Pending.closing }
        }
        if let recipe { pending[ObjectIdentifier(recipe)]?.depth = Pending.closing }
    }

    /// A `.graph` object of this request, with the recipe that made it.
    ///
    /// The entry keeps its recipe alive until the request ends, so the recipe's
    /// address cannot be reused by another injector's recipe meanwhile: an
    /// initializer may create and drop injectors of its own while the request runs.
    struct GraphEntry {
        let recipe: Recipe
        let value: Any
    }

    /// The `.graph` objects of a request, by recipe: a list searched in order while
    /// it is short (a request makes a few), with an index once it is not, so a
    /// request of thousands still finds each in constant time.
    struct GraphTable {
        private(set) var entries: [GraphEntry] = []
        private var index: [ObjectIdentifier: Int] = [:]
        private static let searchedInOrder = 8

        var isEmpty: Bool { entries.isEmpty }

        /// The value `recipe` made in this request, if any.
        @inline(__always)
        func value(for recipe: Recipe) -> Any? {
            guard let position = position(of: recipe) else { return nil }
            return entries[position].value
        }

        @inline(__always)
        private func position(of recipe: Recipe) -> Int? {
            if entries.count <= Self.searchedInOrder {
                for position in entries.indices where entries[position].recipe === recipe { return position }
                return nil
            }
            return index[ObjectIdentifier(recipe)]
        }

        /// Keeps `value` as `recipe`'s, in place of any it had.
        mutating func store(_ value: Any, for recipe: Recipe) {
            // Each entry made where it is stored: moved in, not copied and destroyed.
            if let position = position(of: recipe) {
                entries[position] = GraphEntry(recipe: recipe, value: value)
                return
            }
            entries.append(GraphEntry(recipe: recipe, value: value))
            if entries.count > Self.searchedInOrder {
                if index.isEmpty {
                    for (position, entry) in entries.enumerated() { index[ObjectIdentifier(entry.recipe)] = position }
                } else {
                    index[ObjectIdentifier(recipe)] = entries.count - 1
                }
            }
        }

        mutating func removeAll() {
            entries.removeAll(keepingCapacity: true)
            if !index.isEmpty { index.removeAll(keepingCapacity: true) }
        }
    }

    /// Whether `plan` may run here: ``canRunPlan``, and no plan running on this thread
    /// is one `plan` would run again (the object a re-entrant request asks for, or one
    /// under it, is still being built): then the resolver builds, and finds the cycle
    /// where a first build finds it.
    @inline(__always)
    func canRun(_ plan: BuildPlan) -> Bool {
        canRunPlan && (planFrames.count == 0 && frames.isEmpty || !reachesRunningBuild(plan))
    }

    /// Whether `plan` may build again an object a running plan or the resolver (a
    /// frame) is building.
    @inline(never)
    private func reachesRunningBuild(_ plan: BuildPlan) -> Bool {
        var running: UInt64 = 0
        for index in 0..<planFrames.count {
            running |= planFrames[index].plan.with(\.signature)
        }
        for frame in frames {
            if let metadata = frame.metadata {
                running |= BuildPlan.signature(of: metadata)
            } else if let recipe = frame.recipe {
                running |= BuildPlan.signature(of: recipe)
            }
        }
        return plan.reach & running != 0
    }

    /// How many resolver frames ``materializePlanFrames()`` makes of `entry`, whose
    /// closure makes dependencies or members itself: 2 while it makes one.
    private func materializedFrameCount(of entry: PlanFrames.Entry) -> Int {
        let plan = entry.plan.object
        if entry.requirement == PlanFrames.callingBinding { return 2 }
        if entry.requirement != PlanFrames.makingDefaults, entry.requirement != PlanFrames.makingMembers { return 1 }
        if entry.requirement == PlanFrames.makingMembers {
            let group = plan.groupSteps(from: entry.firstMember)
            return entry.made < group.count && group[entry.made].kind == .memberNew ? 2 : 1
        }
        guard entry.made < plan.dependencies.count, case .plan = plan.dependencies[entry.made].value else { return 1 }
        return 2
    }

    /// After the entry of `plan`'s build was popped, lowered by a re-entrant request
    /// (``PlanFrames/Entry/lowlink``): `object` waits for its cycle, as an object the
    /// resolver assembled would (awoken by the frame that closes the cycle), and the
    /// build that asked for it (an entry, or the resolver's top frame) waits too.
    @inline(never)
    func deferAwake(of object: AnyObject, by plan: BuildPlan) {
        let entry = planFrames.popped
        if entry.lowlink >= Int(entry.frame) {
            // Only objects above this one's frame wait for it: it closes their cycle.
            closeCycle(from: Int(entry.deferredStart), closing: object, of: plan)
            return
        }
        deferred.append(.init(object: object, metadata: plan.metadata, recipe: entry.injects ? nil : plan.recipe))
        passOn(lowlink: entry.lowlink)
    }

    /// What the resolver does for a frame that closes a cycle, for a plan's `object`:
    /// awakes the objects that waited for it since `start`, then `object`, then
    /// publishes them.
    private func closeCycle(from start: Int, closing object: AnyObject, of plan: BuildPlan) {
        var members: [Deferred] = []
        if deferred.count > start {
            members = Array(deferred[start...])
            deferred.removeSubrange(start...)
        }
        markClosing(members, nil)
        for member in members {
            if let metadata = member.metadata { metadata.awake(AnyUnboxing.anyObject(member.object)) }
        }
        if plan.awakes { plan.awake(object) }
        for member in members {
            if let recipe = member.recipe { recipe.owner.complete(member.object, for: recipe, in: self) }
        }
        if let job = asyncJob {
            for member in members where member.metadata != nil { job.completed(AnyUnboxing.anyObject(member.object)) }
        }
    }

    /// Passes a popped entry's ``PlanFrames/Entry/lowlink`` to what asked for its
    /// object: the entry below, or the resolver's top frame.
    @inline(never)
    func passOn(lowlink: Int) {
        let parent = planFrames.count - 1
        if parent >= 0, parent >= planFrames.materialized {
            planFrames.lower(parent, to: lowlink)
        } else {
            reached(lowlink: lowlink)
        }
    }

    /// Gives a request that starts while plans are building (a re-entrant request of
    /// an initializer, closure or awake a plan called) the resolver frames those builds
    /// stand for, as a first build would have them.
    @inline(never)
    func materializePlanFrames() {
        materializations.append((activeRequests, frames.count, planFrames.materialized))
        materializedLevel = activeRequests
        for index in planFrames.materialized..<planFrames.count {
            let entry = planFrames[index]
            let plan = entry.plan.object
            planFrames.materialize(index, frame: frames.count, deferredStart: deferred.count)
            var requirement = entry.requirement
            var leaf: BuildPlan?
            var binding: Recipe?
            if requirement == PlanFrames.callingBinding {
                let step = plan.steps[entry.firstMember]
                requirement = step.requirement
                if case .constant(let call) = step.value {
                    binding = (call.object as? BindingCall)?.recipe
                }
            } else if requirement == PlanFrames.makingMembers {
                // The group's closure makes the member at its count, or, past the last,
                // writes them all.
                let group = plan.groupSteps(from: entry.firstMember)
                let position = min(entry.made, group.count - 1)
                requirement = group[position].requirement
                if entry.made < group.count, group[position].kind == .memberNew,
                    case .plan(let member) = group[position].value
                {
                    leaf = member.object
                }
            } else if requirement == PlanFrames.makingDefaults {
                // The initializer makes its dependencies itself: the one it is making has
                // a frame of its own above, as its plan's build would have.
                if entry.made < plan.dependencies.count, case .plan(let made, _) = plan.dependencies[entry.made].value {
                    requirement = Frame.initializerDependency(entry.made)
                    leaf = made.object
                } else {
                    requirement = -1
                }
            }
            frames.append(
                Frame(
                    recipe: entry.injects ? nil : plan.recipe, metadata: plan.metadata, requirement: requirement,
                    lowlink: frames.count, deferredStart: deferred.count))
            if let leaf {
                frames.append(
                    Frame(
                        recipe: leaf.recipe, metadata: leaf.metadata, lowlink: frames.count,
                        deferredStart: deferred.count))
            }
            if let binding {
                frames.append(
                    Frame(recipe: binding, metadata: nil, lowlink: frames.count, deferredStart: deferred.count))
            }
        }
        planFrames.materialized = planFrames.count
    }

    /// Removes the frames ``materializePlanFrames()`` gave the request ending now. A
    /// frame the request lowered (it reached an unfinished object below) lowers its
    /// entry, whose build then defers its awake (``deferAwake(of:by:)``).
    @inline(never)
    private func dematerializePlanFrames() {
        let mark = materializations.removeLast()
        var frame = mark.frames
        for index in mark.planFrames..<planFrames.materialized where frame < frames.count {
            let entry = planFrames[index]
            for _ in 0..<materializedFrameCount(of: entry) where frame < frames.count {
                if frames[frame].lowlink < frame {
                    planFrames.lower(index, to: frames[frame].lowlink)
                } else if deferred.count > frames[frame].deferredStart {
                    // Objects above wait for this frame, which closes their cycle: the
                    // entry's build closes it (`deferAwake(of:by:)`).
                    planFrames.lower(index, to: frame)
                }
                frame += 1
            }
        }
        if frames.count > mark.frames { frames.removeSubrange(mark.frames...) }
        planFrames.materialized = mark.planFrames
        materializedLevel = materializations.last?.level ?? 0
    }

    /// Throws when this thread's stack has no room for another level of the graph.
    @inline(__always)
    func checkStack(building type: @autoclosure () -> String) throws {
        guard stack.isLow() else { return }
        throw fail(
            InjectionError.depthLimit(type(), depth: frames.count, stackSize: stack.size), unwindingTo: frames.count)
    }

    /// The `.graph` object `recipe` made in this request, if any.
    @inline(__always)
    func graphValue(for recipe: Recipe) -> Any? {
        graph.value(for: recipe)
    }

    /// Keeps `value` as `recipe`'s `.graph` object until the request ends, and in the
    /// graph of the request's lazies, if it made any.
    @inline(__always)
    func storeGraphValue(_ value: Any, for recipe: Recipe) {
        // A plan keeps one in a warm request too: its end clears the table.
        needsClearing = true
        graph.store(value, for: recipe)
        if let lazyGraph { lazyGraph.publish(value, for: recipe) }
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
        if recipe.storage.keepsValues { return start }
        var index = start + 1
        while index < frames.count {
            // A shared object filling its requirements is registered, and one resolving
            // its initializer's dependencies takes back-references through
            // requirements: the cycle ends there, not at a new `.normal` object.
            if let other = frames[index].recipe, other.storage.keepsValues,
                frames[index].requirement >= 0 || frames[index].requirement <= -2
            {
                return nil
            }
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

    /// Records that the frame at `depth`, popped without closing its cycle, waits for
    /// the frame at `lowlink`: so do the registered objects that wait for it or for a
    /// frame above (their low-link is `depth` or more).
    ///
    /// A popped frame's index is reused by the next frame pushed; an object still
    /// naming it would let that frame, reaching the object, close a cycle it is not
    /// the first member of, and awake before the cycle is filled.
    func lowerPending(from depth: Int, to lowlink: Int) {
        var index = pending.startIndex
        while index != pending.endIndex {
            let entry = pending.values[index]
            if entry.lowlink >= depth, entry.depth != Pending.closing { pending.values[index].lowlink = lowlink }
            pending.formIndex(after: &index)
        }
    }

    /// Drops everything started at frame `depth` or above after a failure, so no
    /// half-built object stays registered.
    func unwind(to depth: Int) {
        guard depth < frames.count else { return }
        unwind(toFrames: depth, deferred: frames[depth].deferredStart)
    }

    /// ``unwind(to:)`` to `depth` frames and `deferredStart` objects waiting for their
    /// cycles: for a failed plan, whose builds have no frames.
    func unwind(toFrames depth: Int, deferred deferredStart: Int) {
        var dropped: [Recipe] = []
        if frames.count > depth {
            dropped = frames[depth...].compactMap { $0.recipe?.storage.isShared == true ? $0.recipe : nil }
            frames.removeSubrange(depth...)
        }
        if deferred.count > deferredStart {
            dropped += deferred[deferredStart...].compactMap { $0.recipe?.storage.isShared == true ? $0.recipe : nil }
            deferred.removeSubrange(deferredStart...)
        }
        if !pending.isEmpty { pending = pending.filter { $0.value.depth < depth } }  // `closing` is below all
        if !backReferences.isEmpty { backReferences.removeAll { $0.depth >= depth } }
        for recipe in dropped { finishShared(recipe) }
    }

    /// `error` with the chain of requirements that led to it (when it has none yet),
    /// after unwinding everything started at frame `depth` or above.
    func fail(_ error: InjectionError, unwindingTo depth: Int) -> InjectionError {
        var error = error
        if error.isChainEmpty {
            // An initializer's own failure already names its type; keep `Type.init`
            // in the chain only for what the initializer asked for.
            let ownInitializer =
                depth == frames.count - 1 && frames[depth].metadata != nil && frames[depth].requirement == -1
            let end = ownInitializer ? depth : frames.count
            error.setChain(chainEdges(upTo: end))
            if end > 0, let location = edgeLocation(of: frames[end - 1]) {
                error.requirementLocation = location.description
            }
        }
        unwind(to: depth)
        return error
    }

    /// The graph the ``Lazy`` values made in the running request resolve in; `nil`
    /// outside a request.
    func lazyGraphOfRequest() -> LazyGraph? {
        guard activeRequests > 0 else { return nil }
        if let lazyGraph { return lazyGraph }
        let made = LazyGraph(graph)
        lazyGraph = made
        // A plan's lazy (a warm request's) leaves it too: the request's end seals it.
        needsClearing = true
        return made
    }

    /// A requirement of `object` to be filled with the object of `recipe`, whose
    /// frame is at `depth`, once its initializer returns.
    struct BackReference {
        let object: AnyObject
        let requirement: Requirement
        let recipe: Recipe
        let depth: Int
        /// Whether the injector that filled the requirement takes the
        /// ``Accelerators/directWrites`` accelerator.
        let writesDirectly: Bool
    }

    /// For a requirement answered by `recipe`: the recipe (a link's target) of a
    /// `.graph`, `.singleton` or `.weak` object whose initializer is running on this
    /// thread, resolving its declared dependencies, and the depth of its frame.
    /// Such an object exists once its initializer returns, so a requirement that
    /// points back to it (a child built for the initializer, with a property to its
    /// parent) is filled then, instead of being a cycle.
    ///
    /// The same holds for a closure or provider binding of such a scope while it
    /// resolves the dependencies it declares: its value exists once it returns. Not
    /// while its closure runs: what a closure asks the injector for is no declared
    /// edge (`validate()` and creation groups cannot see it), so asking for the
    /// binding again from there stays a cycle whose message points to `dependencies:`.
    @inline(__always)
    func constructingSharedObject(_ recipe: Recipe) -> (Recipe, Int)? {
        var target = recipe
        while case .link(let linked) = target.source {
            // A link refused by the types throws when it is built.
            if target.conformance == false { return nil }
            target = linked
        }
        guard target.storage.keepsValues else { return nil }
        switch target.source {
        case .build(let metadata):
            guard !metadata.initializerDependencies.isEmpty else { return nil }
        case .closure, .provider:
            break
        case .instance, .link:
            return nil
        }
        return constructingFrame(of: target)
    }

    private func constructingFrame(of target: Recipe) -> (Recipe, Int)? {
        guard pending[ObjectIdentifier(target)] == nil else { return nil }
        var start = frames.count - 1
        while start >= 0, frames[start].recipe !== target { start -= 1 }
        guard start >= 0, Frame.initializerDependency(from: frames[start].requirement) != nil else { return nil }
        return (target, start)
    }

    /// Drops the objects deferred from `start` on, after a failure.
    func dropDeferred(from start: Int) {
        guard deferred.count > start else { return }
        let dropped = deferred[start...].compactMap { $0.recipe?.storage.isShared == true ? $0.recipe : nil }
        deferred.removeSubrange(start...)
        for recipe in dropped { finishShared(recipe) }
    }

    /// Writes `object`, just built for `recipe`, into the requirements that waited
    /// for it.
    func writeBackReferences(to object: AnyObject, of recipe: Recipe) throws {
        var index = 0
        while index < backReferences.count {
            let waiting = backReferences[index]
            guard waiting.recipe === recipe else {
                index += 1
                continue
            }
            backReferences.remove(at: index)
            try PropertyWriter.writeBackReference(
                object, to: waiting.requirement, of: waiting.object, directly: waiting.writesDirectly)
        }
    }

    /// The start of a request on this thread: every path that serves a request opens
    /// it here and closes it with ``closeRequest(onMainActor:wasOnMainActor:)``
    /// (`Injector.withRequest`, and the main-actor warm path, whose request stays open
    /// while its caller awakes the object). A `warm` request only runs a plan, which
    /// leaves nothing here to clear. When the caller is proven to run on the main
    /// actor, the context says so for the request's duration (see
    /// ``MainActorIsolation``); the proof it had before is returned, for the close.
    @inline(__always)
    func openRequest(onMainActor: Bool, warm: Bool) -> Bool {
        activeRequests &+= 1
        if !warm { needsClearing = true }
        let outer = isOnMainActor
        if onMainActor { isOnMainActor = true }
        if planFrames.count != planFrames.materialized { materializePlanFrames() }
        return outer
    }

    /// The end of a request ``openRequest(onMainActor:warm:)`` opened: the main-actor
    /// proof is restored, and the outermost request clears what the requests left, if
    /// any did.
    @inline(__always)
    func closeRequest(onMainActor: Bool, wasOnMainActor: Bool) {
        if onMainActor { isOnMainActor = wasOnMainActor }
        if materializedLevel == activeRequests { dematerializePlanFrames() }
        activeRequests &-= 1
        if activeRequests == 0, needsClearing { endOutermostRequest() }
    }

    /// Called when the outermost request on this thread ends.
    func endOutermostRequest() {
        needsClearing = false
        if !backReferences.isEmpty { backReferences.removeAll(keepingCapacity: true) }
        if let lazyGraph {
            lazyGraph.seal()
            self.lazyGraph = nil
        }
        if !graph.isEmpty { graph.removeAll() }
        if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
        if !frames.isEmpty { frames.removeAll(keepingCapacity: true) }
        if !deferred.isEmpty { deferred.removeAll(keepingCapacity: true) }
        if !heldGates.isEmpty {
            for held in heldGates { held.gate.release() }
            heldGates.removeAll(keepingCapacity: true)
        }
        linkDepth = 0
    }

    /// The requirements from the outermost frame to the top, as `Type.property`,
    /// `Type.init(Dependency)` or `Type.init`.
    func chain() -> [String] {
        chainEdges(upTo: frames.count).map(\.description)
    }

    /// The edges of the first `end` frames, each named when the chain is read
    /// (``InjectionError/chain``).
    func chainEdges(upTo end: Int) -> [ChainEdge] {
        frames.prefix(end).map { frame in
            if let metadata = frame.metadata { return ChainEdge(metadata: metadata, index: frame.requirement) }
            return ChainEdge(text: Self.bindingEdge(of: frame))
        }
    }

    /// The name of a frame without metadata: a closure or provider binding's, or one
    /// of its declared dependencies.
    private static func bindingEdge(of frame: Frame) -> String {
        let bound = frame.recipe?.typeName ?? "?"
        if let index = Frame.initializerDependency(from: frame.requirement),
            let dependencies = frame.recipe?.binding?.dependencies
        {
            return "\(bound) binding(\(dependencies.entries[index].label))"
        }
        return "\(bound) (binding)"
    }

    /// One edge of an error's chain: a frame's requirement or initializer dependency
    /// (`Car.engine`, `Car.init(Engine)`), named from its type's metadata when read, or a
    /// binding's, named already.
    struct ChainEdge: Sendable, CustomStringConvertible {
        private let metadata: InjectableMetadata?
        private let index: Int
        private let text: String

        init(metadata: InjectableMetadata, index: Int) {
            self.metadata = metadata
            self.index = index
            self.text = ""
        }

        init(text: String) {
            self.metadata = nil
            self.index = 0
            self.text = text
        }

        var description: String { metadata?.edgeDescription(index) ?? text }
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
