/// The resolution engine: produce a recipe's value in its scope, build and assemble
/// objects, detect cycles, defer awakes until cycles are complete.
extension Injector {
    /// Answers one request made through the public API, a ``Provider`` or an
    /// ``ObjectFactory``.
    ///
    /// `onMainActor` says the caller is proven to run on the main actor (its
    /// `#isolation`), so ``MainActorInjectable`` types may be built.
    @inline(__always)
    func resolve<T>(_ type: T.Type, named name: String?, arguments: [any Sendable], onMainActor: Bool = false) throws
        -> T
    {
        // The warm path, without generic work: a published singleton or a compiled
        // build of exactly `T`.
        if name == nil, arguments.isEmpty, !isTracing,
            let object = try warmObject(of: ObjectIdentifier(type), onMainActor: onMainActor)
        {
            return Downcast.known(object, as: T.self)
        }
        return try resolveCold(type, named: name, arguments: arguments, onMainActor: onMainActor)
    }

    /// ``resolve(_:named:arguments:)`` for a type known to be `Injectable`: before
    /// the resolver answers a first request, its metadata is read through the
    /// conformance the compiler passed, not looked up at run time (a search of
    /// every conformance in the program, which grows with its size).
    @inline(__always)
    func resolve<T: Injectable>(
        _ type: T.Type, named name: String?, arguments: [any Sendable], onMainActor: Bool = false
    ) throws -> T {
        if name == nil, arguments.isEmpty, !isTracing,
            let object = try warmObject(of: ObjectIdentifier(type), onMainActor: onMainActor)
        {
            return Downcast.known(object, as: T.self)
        }
        if quickRecipe(for: ObjectIdentifier(type)) == nil { _ = InjectableMetadata.of(type) }
        return try resolveCold(type, named: name, arguments: arguments, onMainActor: onMainActor)
    }

    /// What the warm path of ``resolve(_:named:arguments:onMainActor:)`` answers: a
    /// published singleton or a compiled build of exactly `T`; `nil` when the resolver
    /// has to answer.
    @inline(__always)
    func resolveWarm<T>(
        _ type: T.Type, named name: String?, arguments: [any Sendable], onMainActor: Bool, awaiting: Bool = false
    ) throws -> T? {
        guard name == nil, arguments.isEmpty, !isTracing,
            let object = try warmObject(of: ObjectIdentifier(type), onMainActor: onMainActor, awaiting: awaiting)
        else { return nil }
        return Downcast.known(object, as: T.self)
    }

    /// A published singleton of exactly the class `type`, or a new object of it from
    /// a compiled plan; `nil` when the resolver has to answer.
    ///
    /// Recipes, plans and the context are used without retaining them (their
    /// owners keep them): on two threads, retains of shared objects contend.
    @inline(__always)
    private func warmObject(of type: ObjectIdentifier, onMainActor: Bool, awaiting: Bool = false) throws -> AnyObject? {
        guard let recipe = keptQuickRecipe(for: type) else { return nil }
        return try recipe.with { recipe -> AnyObject? in
            // Off the main actor, the resolver answers a main-actor type (with an error).
            if recipe.isMainActor, !onMainActor { return nil }
            if let object = recipe.storage.singletonValue() {
                return ObjectIdentifier(Swift.type(of: object)) == type ? object : nil
            }
            guard let plan = recipe.keptPlan else { return nil }
            return try plan.with { plan -> AnyObject? in
                // An `await getObject` has the resolver log what closures make (see
                // `Injector.buildObject`): a closure may reach an async step.
                guard plan.type == type, !awaiting || !plan.callsBindings else { return nil }
                return try warmRequest(plan, onMainActor: onMainActor) { context throws(PlanFailure) in
                    try plan.build(in: context)
                }
            }
        }
    }

    /// ``resolve(_:named:arguments:)`` through the resolver, in one request: an object
    /// without boxing it, any other value cast to `T`.
    @inline(never)
    func resolveCold<T>(_ type: T.Type, named name: String?, arguments: [any Sendable], onMainActor: Bool)
        throws -> T
    {
        if Self.isWrapperRequest(type) {
            return try resolveWrapper(type, named: name, arguments: arguments, onMainActor: onMainActor)
        }
        let reference = TypeReference(type)
        return try withRequest(onMainActor: onMainActor) { context in
            do {
                let recipe = try recipe(for: BindingKey(type, name: name), type: reference)
                if let watch = context.overrideWatch {
                    try checkOverrideWatch(watch, key: BindingKey(type, name: name), type: reference)
                }
                if let metadata = recipe.objectMetadata {
                    let object = try produceObject(recipe, metadata: metadata, arguments: arguments, in: context)
                    if ObjectIdentifier(Swift.type(of: object)) == reference.id {
                        return Downcast.known(object, as: T.self)
                    }
                    // A pattern, not `as?`: generic code would instantiate `Optional<T>`'s
                    // metadata on every call.
                    switch object {
                    case let typed as T: return typed
                    default:
                        throw InjectionError.instanceDoesNotConform(
                            typeName(Swift.type(of: object)), boundTo: reference.description)
                    }
                }
                guard let value = try produce(recipe, arguments: arguments, in: context) else {
                    throw InjectionError.nilValue(recipe.typeName, forRequirement: false).bound(at: recipe.binding)
                }
                // A value of exactly `T` (the usual case) is taken out without a cast.
                return try AnyUnboxing.unbox(value, as: T.self) { value in
                    switch value {
                    case let typed as T: return typed
                    default:
                        throw InjectionError.instanceDoesNotConform(
                            typeName(Swift.type(of: value)), boundTo: typeName(type))
                    }
                }
            } catch var error as InjectionError {
                error.requestedType = reference.description
                if isTracing, let tracer {
                    tracer.record(.init(.failed, error.requestedType, name, nil, context.traceDepth, error))
                }
                throw error
            }
        }
    }

    /// Fills the requirements of an object built elsewhere, then awakes it.
    ///
    /// The requirements are linked through the recipe of the object's class when
    /// this injector builds that class itself (`.normal`), so that the recipe's plan
    /// can fill later objects.
    func inject(
        into object: AnyObject, type: ObjectIdentifier, metadata: @autoclosure () throws -> InjectableMetadata,
        onMainActor: Bool = false
    ) throws {
        let recipe = isTracing ? nil : quickRecipe(for: type)
        if let plan = recipe?.plan, plan.type == type, !plan.metadata.isMainActor || onMainActor,
            try warmRequest(
                plan, onMainActor: onMainActor, { context throws(PlanFailure) in try plan.fill(object, in: context) })
                != nil
        {
            return
        }
        let metadata = try metadata()
        let classRecipe = recipe ?? (try? self.recipe(for: BindingKey(metadata.type.type), type: metadata.type))
        let links = classRecipe.flatMap { $0.objectMetadata === metadata && $0.owner === self ? $0.links : nil }
        try withRequest(onMainActor: onMainActor) { context in
            do {
                if metadata.isMainActor, !context.isOnMainActor {
                    throw InjectionError.mainActorRequired(metadata.name)
                }
                if metadata.hasDeclarationError, let error = metadata.declarationError { throw error }
                let depth = context.frames.count
                context.frames.append(
                    .init(recipe: nil, metadata: metadata, lowlink: depth, deferredStart: context.deferred.count))
                _ = try assemble(
                    object, metadata: metadata, recipe: nil, links: links, injector: self, at: depth, in: context)
            } catch var error as InjectionError {
                error.requestedType = metadata.name
                if isTracing, let tracer {
                    tracer.record(.init(.failed, metadata.name, nil, nil, context.traceDepth, error))
                }
                throw error
            }
        }
        if links != nil, let classRecipe { compilePlanIfDue(classRecipe) }
    }

    /// Runs one request (top-level or re-entrant) with this thread's context; the
    /// outermost one clears the context when it ends.
    ///
    /// A `warm` request only runs a ``BuildPlan``, which keeps nothing in the
    /// context: when no other request ran inside it, there is nothing to clear.
    @inline(__always)
    func withRequest<Result>(warm: Bool = false, _ body: (ResolutionContext) throws -> Result) rethrows -> Result {
        try withRequest(onMainActor: false, warm: warm, body)
    }

    /// ``withRequest(_:)`` for a request whose caller may be proven to run on the main
    /// actor: for its duration (and that of the requests nested in it), the context
    /// says so (see ``MainActorIsolation``).
    @inline(__always)
    func withRequest<Result>(
        onMainActor: Bool, warm: Bool = false, _ body: (ResolutionContext) throws -> Result
    ) rethrows -> Result {
        try ThreadContext.withCurrent(key: threadContextKey) { context in
            let outer = context.openRequest(onMainActor: onMainActor, warm: warm)
            defer { context.closeRequest(onMainActor: onMainActor, wasOnMainActor: outer) }
            return try body(context)
        }
    }

    /// The value of `recipe` in its scope: cached, registered in this request, or
    /// built now.
    func produce(_ recipe: Recipe, arguments: [any Sendable], in context: ResolutionContext) throws -> Any? {
        if recipe.isMainActor { try checkMainActor(recipe, in: context) }
        if isTracing, let tracer {
            tracer.record(
                .init(.requested, recipe, context.traceDepth, dependencyOf: context.declaringDependency))
        }
        return try recipe.storage.produce(recipe, arguments: arguments, by: self, in: context)
    }

    /// The `.graph` object of `recipe` in a graph that lazies share, which other
    /// threads may resolve in too: the one made there already, or one built now
    /// holding the graph's gate for `recipe`, so that one thread builds it.
    @inline(never)
    func produce(
        _ recipe: Recipe, in lazyGraph: LazyGraph, arguments: [any Sendable], context: ResolutionContext
    ) throws -> Any? {
        if let value = lazyGraph.value(for: recipe) {
            context.storeGraphValue(value, for: recipe)
            return hit(value, recipe, context)
        }
        let gate = lazyGraph.gate(for: recipe)
        try context.enter(gate, for: recipe)
        defer { context.leave(gate) }
        if let value = lazyGraph.value(for: recipe) {
            context.storeGraphValue(value, for: recipe)
            return hit(value, recipe, context)
        }
        return try build(recipe, arguments: arguments, in: context)
    }

    /// Returns a cached `value`, telling the tracer.
    @inline(__always)
    func hit(_ value: Any, _ recipe: Recipe, _ context: ResolutionContext) -> Any {
        if isTracing, let tracer { tracer.record(.init(.cacheHit, recipe, context.traceDepth)) }
        return value
    }

    /// Builds a new value for `recipe` and stores it in its scope once complete.
    func build(_ recipe: Recipe, arguments: [any Sendable], in context: ResolutionContext) throws -> Any? {
        if case .build(let metadata) = recipe.source {
            return try buildObject(recipe, metadata: metadata, arguments: arguments, in: context)
        }
        try checkCycle(recipe, in: context)
        if recipe.isAsync { return try context.asyncStepValue(for: recipe, arguments: arguments) }
        switch recipe.source {
        case .instance(let instance):
            guard arguments.isEmpty else {
                throw InjectionError.unreadArguments(
                    recipe.typeName, given: arguments.count, read: 0, reason: .instance
                ).bound(at: recipe.binding)
            }
            return hit(instance.value, recipe, context)
        case .build(let metadata):
            return try buildObject(recipe, metadata: metadata, arguments: arguments, in: context)
        case .link(let target):
            if recipe.conformance == false, let error = recipe.nonConformingError { throw error }
            context.linkDepth += 1
            defer { context.linkDepth -= 1 }
            guard let value = try produce(target, arguments: arguments, in: context) else { return nil }
            if let accepts = recipe.accepts {
                guard accepts(value) else {
                    throw InjectionError.typeDoesNotConform(target.typeName, boundTo: recipe.typeName).bound(
                        at: recipe.binding)
                }
                recipe.noteAccepted(Swift.type(of: value))
            }
            return value
        case .closure(let make):
            guard arguments.isEmpty else {
                throw InjectionError.unreadArguments(
                    recipe.typeName, given: arguments.count, read: 0, reason: .closure
                ).bound(at: recipe.binding)
            }
            // Read before the call, so the closure captures what it did before overrides
            // reached: the cost of a closure binding is on every request of it.
            let injector = context.overrideWatch == nil ? recipe.owner : closureInjector(for: recipe, in: context)
            return try call(recipe, in: context) { try make(injector) }
        case .provider(let provide):
            let values = InjectionArguments(arguments, building: recipe.typeName, forProvider: true)
            let injector = context.overrideWatch == nil ? recipe.owner : closureInjector(for: recipe, in: context)
            return try call(recipe, in: context) { try provide(injector, values) }
        }
    }

    /// Throws unless this thread's requests are proven to run on the main actor, for
    /// a recipe of a ``MainActorInjectable`` type: nothing is built or handed out.
    @inline(never)
    private func checkMainActor(_ recipe: Recipe, in context: ResolutionContext) throws {
        guard !context.isOnMainActor else { return }
        var target = recipe
        while case .link(let linked) = target.source { target = linked }
        throw InjectionError.mainActorRequired(target.objectMetadata?.name ?? target.typeName)
    }

    @inline(__always)
    private func checkCycle(_ recipe: Recipe, in context: ResolutionContext) throws {
        if let start = context.cycleStart(for: recipe) {
            throw context.cycleError(closing: recipe, from: start)
        }
    }

    /// ``produce(_:arguments:in:)`` for a recipe that builds `Injectable` objects,
    /// without boxing them in `Any`: the hot path of requirements and requests.
    @inline(__always)
    func produceObject(
        _ recipe: Recipe, metadata: InjectableMetadata, arguments: [any Sendable], in context: ResolutionContext
    ) throws -> AnyObject {
        if recipe.isMainActor { try checkMainActor(recipe, in: context) }
        if !isTracing {
            if !recipe.storage.keepsValues {
                return try buildObject(recipe, metadata: metadata, arguments: arguments, in: context)
            }
            if recipe.storage.isShared, let object = recipe.storage.sharedObject() { return object }
        }
        guard let value = try produce(recipe, arguments: arguments, in: context) else {
            throw InjectionError.nilValue(recipe.typeName, forRequirement: false)
        }
        // A recipe with object metadata produces objects.
        return AnyUnboxing.anyObject(value)
    }

    /// Builds, fills and awakes an `Injectable` object for `recipe`.
    private func buildObject(
        _ recipe: Recipe, metadata: InjectableMetadata, arguments: [any Sendable], in context: ResolutionContext
    ) throws -> AnyObject {
        let warm = arguments.isEmpty && !isTracing && !recipe.storage.keepsValues
        if warm, let plan = recipe.plan, context.canRun(plan) {
            guard let job = context.asyncJob else {
                return try running(in: context) { context throws(PlanFailure) in try plan.build(in: context) }
            }
            // The resolver logs each value a closure makes, so that a later attempt
            // does not call it again; a plan would call it on each attempt.
            guard !plan.callsBindings else {
                let object = try buildObjectCold(recipe, metadata: metadata, arguments: arguments, in: context)
                return object
            }
            // An async request's next attempt takes this object from the job's log.
            let replayed = job.replay(.object, recipe)
            guard case .new(let index) = replayed else {
                return try buildObjectCold(recipe, metadata: metadata, arguments: arguments, in: context, replayed)
            }
            let object = try running(in: context) { context throws(PlanFailure) in try plan.build(in: context) }
            job.completed(object as Any?, at: index)
            return object
        }
        let object = try buildObjectCold(recipe, metadata: metadata, arguments: arguments, in: context)
        if warm { compilePlanIfDue(recipe) }
        return object
    }

    /// ``buildObject(_:metadata:arguments:in:)`` through the resolver.
    ///
    /// In an async request, `replayed` is what the job's log holds for this build,
    /// when the caller asked it already.
    private func buildObjectCold(
        _ recipe: Recipe, metadata: InjectableMetadata, arguments: [any Sendable], in context: ResolutionContext,
        _ replayed: AsyncJob.Replay? = nil
    ) throws -> AnyObject {
        try checkCycle(recipe, in: context)
        if recipe.conformance == false, let error = recipe.nonConformingError {
            throw context.fail(error, unwindingTo: context.frames.count)
        }
        if recipe.isAsync { return try context.asyncStepObject(for: recipe, arguments: arguments) }
        if metadata.hasDeclarationError, let error = metadata.declarationError { throw error }
        // In an async request, an attempt after the first finds what the one before built.
        var kept: AnyObject?
        var logIndex = -1
        if let job = context.asyncJob {
            switch replayed ?? job.replay(.object, recipe) {
            case .complete(let object): return object.map(AnyUnboxing.anyObject) ?? (object as AnyObject)
            case .constructed(let object): kept = object
            case .new(let index):
                logIndex = index
                if recipe.storage.isShared { try job.claim(recipe, arguments: arguments) }
            }
        }
        try context.checkStack(building: metadata.name)
        // The frame goes on the stack before the initializer runs, so an
        // initializer that asks for its own type is a cycle, not a stack overflow.
        let depth = context.frames.count
        context.frames.append(
            .init(recipe: recipe, metadata: metadata, lowlink: depth, deferredStart: context.deferred.count))
        context.startShared(recipe)
        let object: AnyObject
        do {
            if let kept {
                object = kept
            } else if metadata.initializerDependencies.isEmpty {
                object = try metadata.construct(arguments: arguments)
            } else {
                object = try recipe.owner.construct(
                    metadata, arguments: arguments, links: recipe.links, at: depth, in: context)
            }
            if logIndex >= 0, let job = context.asyncJob { job.constructed(object, at: logIndex) }
            if isTracing, let tracer { tracer.record(.init(.built, metadata.name, nil, nil, context.traceDepth, nil)) }
            if let accepts = recipe.accepts {
                guard accepts(object) else {
                    throw InjectionError.typeDoesNotConform(metadata.name, boundTo: recipe.typeName)
                        .bound(at: recipe.binding)
                }
                recipe.noteAccepted(Swift.type(of: object))
            }
        } catch let error as InjectionError {
            throw context.fail(error, unwindingTo: depth)
        }
        return try assemble(
            object, metadata: metadata, recipe: recipe, links: recipe.links, injector: recipe.owner, at: depth,
            in: context)
    }

    /// Runs a closure or provider binding inside a frame of its own, so that a
    /// binding that asks for its own key is reported as a cycle.
    private func call(
        _ recipe: Recipe, in context: ResolutionContext, _ body: () throws -> Any?
    ) throws -> Any? {
        var logIndex = -1
        if let job = context.asyncJob {
            switch job.replay(.value, recipe) {
            case .complete(let value): return value
            case .constructed: break
            case .new(let index): logIndex = index
            }
        }
        try context.checkStack(building: recipe.typeName)
        let depth = context.frames.count
        context.frames.append(
            .init(recipe: recipe, metadata: nil, lowlink: depth, deferredStart: context.deferred.count))
        context.startShared(recipe)
        let value: Any?
        do {
            value = try body()
        } catch let error as InjectionError {
            context.unwind(to: depth)
            throw error
        } catch {
            context.unwind(to: depth)
            throw InjectionError.providerFailed(recipe.typeName, underlying: error).bound(at: recipe.binding)
        }
        let frame = context.frames.removeLast()
        let closes = frame.lowlink >= depth
        guard let value else {
            // Requirements that waited for this value stay empty, as they would have
            // been had it been made first.
            if !context.backReferences.isEmpty { context.backReferences.removeAll { $0.recipe === recipe } }
            if !closes {
                context.reached(lowlink: frame.lowlink)
                context.lowerPending(from: depth, to: frame.lowlink)
            } else if context.deferred.count > frame.deferredStart {
                closeCycle(from: frame.deferredStart, at: depth, in: context)
            }
            context.finishShared(recipe)
            if logIndex >= 0, let job = context.asyncJob { job.completed(nil, at: logIndex) }
            return nil
        }
        if isTracing, let tracer {
            tracer.record(.init(.built, typeName(Swift.type(of: value)), nil, nil, context.traceDepth + 1, nil))
        }
        do {
            if let accepts = recipe.accepts, !accepts(value) {
                throw InjectionError.instanceDoesNotConform(typeName(Swift.type(of: value)), boundTo: recipe.typeName)
                    .bound(at: recipe.binding)
            }
            if !context.backReferences.isEmpty, context.backReferences.contains(where: { $0.recipe === recipe }) {
                // Objects built for this closure (or the dependencies it declares)
                // that point back to its value: filled now that it exists.
                try context.writeBackReferences(to: AnyUnboxing.anyObject(value), of: recipe)
            }
        } catch let error as InjectionError {
            context.dropDeferred(from: frame.deferredStart)
            context.finishShared(recipe)
            throw error
        }
        if !closes {
            // The value holds an object of a cycle that is not complete yet: keep it
            // to this thread until the cycle is, like the cycle's own members.
            context.reached(lowlink: frame.lowlink)
            context.lowerPending(from: depth, to: frame.lowlink)
            if recipe.storage.keepsValues {
                context.deferred.append(.init(object: value, metadata: nil, recipe: recipe))
                context.pending[ObjectIdentifier(recipe)] = .init(object: value, lowlink: frame.lowlink, depth: depth)
            }
            return value
        }
        // The children that pointed back to the value are awoken and stored first.
        if context.deferred.count > frame.deferredStart {
            closeCycle(from: frame.deferredStart, at: depth, in: context)
        }
        store(value, for: recipe, in: context)
        context.finishShared(recipe)
        if logIndex >= 0, let job = context.asyncJob { job.completed(value, at: logIndex) }
        return value
    }

    /// Awakes and stores the members of a cycle that closes at the frame at `depth`
    /// (the closure whose value they point back to), deferred from `start` on.
    private func closeCycle(from start: Int, at depth: Int, in context: ResolutionContext) {
        guard context.deferred.count > start else { return }
        let members = Array(context.deferred[start...])
        context.deferred.removeSubrange(start...)
        context.markClosing(members, nil)
        for member in members {
            if let metadata = member.metadata { awake(AnyUnboxing.anyObject(member.object), metadata, depth, context) }
        }
        for member in members {
            if let recipe = member.recipe { complete(member.object, for: recipe, in: context) }
        }
        if let job = context.asyncJob {
            for member in members where member.metadata != nil { job.completed(AnyUnboxing.anyObject(member.object)) }
        }
    }

    /// Fills `object`'s requirements in order, then awakes and publishes it, or
    /// defers that until the cycle it belongs to is complete.
    ///
    /// The object's frame is already on the stack at `depth`.
    func assemble(
        _ object: AnyObject, metadata: InjectableMetadata, recipe: Recipe?, links: AtomicSlots?, injector: Injector,
        at depth: Int, in context: ResolutionContext
    ) throws -> AnyObject {
        if let recipe, recipe.storage.keepsValues {
            context.pending[ObjectIdentifier(recipe)] = .init(object: object, lowlink: depth, depth: depth)
        }
        do {
            if let recipe, !context.backReferences.isEmpty {
                try context.writeBackReferences(to: object, of: recipe)
            }
            let requirements = metadata.requirements
            var index = 0
            while index < requirements.count {
                context.frames[depth].requirement = index
                let requirement = requirements[index]
                if let group = requirement.group {
                    try injector.fillGroup(
                        group, from: index, of: object, metadata, links: links, at: depth, in: context)
                    index += group.count
                    continue
                }
                try injector.fill(requirement, at: index, of: object, links: links, in: context)
                index += 1
            }
        } catch let error as InjectionError {
            throw context.fail(error, unwindingTo: depth)
        }
        let frame = context.frames.removeLast()
        if frame.lowlink < depth {
            // Part of a cycle whose first member is still being filled.
            context.deferred.append(.init(object: object, metadata: metadata, recipe: recipe))
            context.lowerPending(from: depth, to: frame.lowlink)
            context.reached(lowlink: frame.lowlink)
            return object
        }
        // This object closes its cycle (or has none): every member is filled.
        var members: [Deferred] = []
        if context.deferred.count > frame.deferredStart {
            members = Array(context.deferred[frame.deferredStart...])
            context.deferred.removeSubrange(frame.deferredStart...)
        }
        context.markClosing(members, recipe)
        for member in members {
            // Members with metadata were assembled here, so they are class instances.
            if let memberMetadata = member.metadata {
                awake(member.object as AnyObject, memberMetadata, depth, context)
            }
        }
        awake(object, metadata, depth, context)
        for member in members {
            if let memberRecipe = member.recipe { complete(member.object, for: memberRecipe, in: context) }
        }
        if let recipe { complete(object, for: recipe, in: context) }
        if let job = context.asyncJob {
            for member in members where member.metadata != nil { job.completed(AnyUnboxing.anyObject(member.object)) }
            job.completed(object)
        }
        return object
    }

    private typealias Deferred = ResolutionContext.Deferred

    @inline(__always)
    private func awake(_ object: AnyObject, _ metadata: InjectableMetadata, _ depth: Int, _ context: ResolutionContext)
    {
        if isTracing, let tracer {
            tracer.record(.init(.awake, metadata.name, nil, nil, depth + 1 + context.linkDepth, nil))
        }
        guard accelerators.contains(.defaultAwakeSkip) else { return metadata.awake(object) }
        if metadata.awakeIsDefault { return }
        context.lastDefaultAwake = nil
        metadata.awake(object)
        if context.lastDefaultAwake == ObjectIdentifier(object) { metadata.learnDefaultAwake() }
    }

    /// Fills the requirement at `index` of `object` (or, for a member of a ``FillGroup``,
    /// the whole group), as ``assemble(_:metadata:recipe:links:injector:at:in:)`` does:
    /// for a plan's ``ResolvedStep``, whose builds are the frames below (the top one is
    /// the object's). Returns how many requirements it filled.
    func fillWithResolver(
        _ index: Int, of object: AnyObject, _ metadata: InjectableMetadata, links: AtomicSlots?,
        in context: ResolutionContext
    ) throws -> Int {
        let depth = context.frames.count - 1
        context.frames[depth].requirement = index
        let requirement = metadata.requirements[index]
        if let group = requirement.group {
            try fillGroup(group, from: index, of: object, metadata, links: links, at: depth, in: context)
            return group.count
        }
        try fill(requirement, at: index, of: object, links: links, in: context)
        return 1
    }

    /// Resolves the members of `group`, from the requirement at `start` on, in order,
    /// each with its frame's requirement set as ``fill(_:at:of:links:in:)`` has it, and
    /// writes them with the group's one closure (see ``FillGroup``).
    private func fillGroup(
        _ group: FillGroup, from start: Int, of object: AnyObject, _ metadata: InjectableMetadata,
        links: AtomicSlots?, at depth: Int, in context: ResolutionContext
    ) throws {
        let requirements = metadata.requirements
        try FillGroupValues.withTemporary(count: group.count) { values in
            var resolved = 0
            do {
                while resolved < group.count {
                    let index = start + resolved
                    context.frames[depth].requirement = index
                    let value = try groupMember(
                        requirements[index], at: index, of: metadata, links: links, in: context)
                    values.initialize(resolved, to: value)
                    resolved += 1
                }
            } catch {
                values.deinitialize(count: resolved)
                throw error
            }
            // Every value is of its member's class (`groupMember` compared them), as the
            // closure's unchecked downcasts need; it moves every one out.
            try MemberCounter.withLocal { position in
                try group.assign(object, values, group.count, position)
            }
        }
    }

    /// The object resolved for a member of a ``FillGroup``: as ``fill(_:at:of:links:in:)``
    /// resolves an `Injectable` class's requirement. A member pointing back to a shared
    /// object still in its initializer cannot wait to be written alone: a cycle error.
    func groupMember(
        _ requirement: Requirement, at index: Int, of metadata: InjectableMetadata, links: AtomicSlots?,
        in context: ResolutionContext
    ) throws -> AnyObject {
        let recipe = try linkedRecipe(for: requirement, at: index, links: links)
        if let (target, _) = context.constructingSharedObject(recipe) {
            throw InjectionError.groupBackReference(target.typeName, member: metadata.edgeDescription(index))
        }
        let object: AnyObject
        if let metadata = recipe.objectMetadata {
            object = try produceObject(recipe, metadata: metadata, arguments: [], in: context)
        } else {
            let value = try produce(recipe, arguments: [], in: context)
            guard let value else {
                throw InjectionError.nilValue(recipe.typeName, forRequirement: true, closure: true)
                    .bound(at: recipe.binding)
            }
            guard let reference = AnyUnboxing.reference(value) else {
                throw PropertyWriter.mismatch(value, requirement)
            }
            object = reference
        }
        // What the group's closure downcasts to without a check (see `FillGroup.assign`).
        guard let exactClass = requirement.exactClass, isClass(Swift.type(of: object), orSubclassOf: exactClass) else {
            throw PropertyWriter.mismatch(object, requirement)
        }
        return object
    }

    /// The recipe of the requirement at `index`: the one `links` keeps, or the one
    /// looked up, which `links` then keeps.
    @inline(__always)
    private func linkedRecipe(for requirement: Requirement, at index: Int, links: AtomicSlots?) throws -> Recipe {
        if let linked = links?.recipe(index) { return linked }
        let dependency = requirement.dependency
        let recipe = try self.recipe(
            for: BindingKey(dependency.target.type, name: requirement.name), type: dependency.target)
        links?.link(index, to: recipe)
        return recipe
    }

    /// Resolves one requirement and writes it; `links` keeps the recipe it resolves to.
    private func fill(
        _ requirement: Requirement, at index: Int, of object: AnyObject, links: AtomicSlots?,
        in context: ResolutionContext
    ) throws {
        let dependency = requirement.dependency
        let value: Any?
        switch dependency.kind {
        case .objectFactory:
            value = ObjectFactory(injector: self)
        case .provider:
            value = dependency.makeProvider(self, requirement.name, true)
        case .object:
            let recipe = try linkedRecipe(for: requirement, at: index, links: links)
            if let (target, start) = context.constructingSharedObject(recipe) {
                // A back-reference to a shared object still in its initializer (it
                // asked for this object as a dependency): written once that object
                // exists; this object's awake waits for it.
                context.backReferences.append(
                    .init(
                        object: object, requirement: requirement, recipe: target, depth: start,
                        writesDirectly: accelerators.contains(.directWrites)))
                context.reached(lowlink: start)
                return
            }
            if requirement.exactClass != nil, let metadata = recipe.objectMetadata {
                let dependencyObject = try produceObject(recipe, metadata: metadata, arguments: [], in: context)
                try PropertyWriter.writeObject(
                    dependencyObject, to: requirement, of: object, accelerators: accelerators)
                return
            }
            value = try produce(recipe, arguments: [], in: context)
            if value == nil, !dependency.isOptional {
                throw InjectionError.nilValue(
                    recipe.typeName, forRequirement: true, closure: requirement.isClosureEntry
                ).bound(at: recipe.binding)
            }
        }
        guard let value else {
            if dependency.isOptional { return }
            throw InjectionError.nilValue(
                dependency.target.description, forRequirement: true, closure: requirement.isClosureEntry)
        }
        try PropertyWriter.writeMade(value, to: requirement, of: object, accelerators: accelerators)
    }
}
