/// Building and compiling the initializer dependencies of a plan's type.
extension BuildPlan {
    /// How one initializer dependency of the plan's type gets its value, and where
    /// it goes in the buffer the initializer's closure reads.
    ///
    /// A trivial value, like ``Step``: the plan's ``retained`` list keeps what it
    /// points to alive, and the layout lives with the type's metadata.
    struct Dependency {
        enum Value {
            /// Built by another plan, and laid out with a template of the class that
            /// plan builds (or stored through a cast, when the declared type has a
            /// template for another class only).
            case plan(Kept<BuildPlan>, Kept<ObjectTemplate>?)
            /// Fixed when the plan was compiled, and copied.
            case fixed(Kept<FixedDependency>)
        }

        let value: Value
        /// Where the value goes in the buffer.
        let offset: Int
        /// The declared type's layout, which lives with the type's metadata.
        private let layoutReference: Kept<DependencyLayout>
        @inline(__always) var layout: DependencyLayout { layoutReference.object }

        init(value: Value, offset: Int, layout: DependencyLayout) {
            self.value = value
            self.offset = offset
            self.layoutReference = Kept(layout)
        }
    }

    /// A new instance from the initializer, given its dependencies (built first, in
    /// order, as the resolver builds them); its failure as the resolver reports it.
    @inline(never)
    func constructWithDependencies(in context: ResolutionContext, frame: Int) throws(PlanFailure) -> AnyObject {
        // Checked here, not in `build()`, which every plan runs inlined into its caller.
        if buildsFromDefaults { return try constructFromDefaults(in: context, frame: frame) }
        if fitsInlineBuffer {
            // Most initializers take a few references: a buffer of fixed size needs no
            // dynamic stack allocation.
            return try DependencyBuffer.withInline { buffer throws(PlanFailure) -> AnyObject in
                try constructWithDependencies(at: buffer, in: context, frame: frame)
            }
        }
        return try DependencyBuffer.withTemporary(
            byteCount: dependencyBytes.count, alignment: dependencyBytes.alignment
        ) { buffer throws(PlanFailure) -> AnyObject in
            try constructWithDependencies(at: buffer, in: context, frame: frame)
        }
    }

    /// Whether the dependencies of `bytes` fit an inline buffer
    /// (``DependencyBuffer/withInline(_:)``).
    static func fitsInlineBuffer(_ bytes: (count: Int, alignment: Int)) -> Bool {
        DependencyBuffer.fitsInline(bytes)
    }

    /// ``constructWithDependencies()`` with the buffer the closure reads at `base`.
    ///
    /// Each value is initialized at its offset once it is built; the closure moves
    /// every one out. When building one fails, the values already made are
    /// deinitialized here, and nothing else is.
    @inline(__always)
    private func constructWithDependencies(
        at base: DependencyBuffer, in context: ResolutionContext, frame: Int
    ) throws(PlanFailure) -> AnyObject {
        var made = 0
        while made < dependencies.count {
            let dependency = dependencies[made]
            context.planFrames.set(frame, requirement: ResolutionContext.Frame.initializerDependency(made))
            switch dependency.value {
            case .plan(let plan, let template):
                var failure: PlanFailure?
                let built = plan.with { plan -> AnyObject? in
                    do throws(PlanFailure) {
                        // A leaf (most dependencies: `init()`, nothing to fill) is made
                        // and awoken in one call; `build()` would check that first.
                        return try plan.isLeaf ? plan.makeAwake(in: context) : plan.build(in: context)
                    } catch {
                        failure = error
                        return nil
                    }
                }
                guard let built else {
                    destroyDependencies(made, at: base)
                    throw failure.unsafelyUnwrapped.unwinding(
                        through: metadata, requirement: ResolutionContext.Frame.initializerDependency(made))
                }
                if let template,
                    template.with({ $0.type == ObjectIdentifier(Swift.type(of: built)) })
                {
                    template.with { base.store(built, with: $0, at: dependency.offset) }
                } else if !base.store(built, as: dependency.layout, at: dependency.offset) {
                    destroyDependencies(made, at: base)
                    throw wrongDependency(built, index: made)
                }
            case .fixed(let fixed):
                fixed.with { base.store($0, at: dependency.offset) }
            }
            made += 1
        }
        context.planFrames.set(frame, requirement: -1)
        let object: AnyObject
        do {
            object = try initialize(base, arguments)
        } catch {
            throw initializerFailure(error)
        }
        guard ObjectIdentifier(Swift.type(of: object)) == type || metadata.isInstance(object) else {
            throw wrongType(object)
        }
        return object
    }

    /// Whether a plan of `metadata` with these dependencies builds with the
    /// initializer's ``Initializer/buildFromDefaults``: the initializer has one (every
    /// dependency is declared as an `Injectable` class), and each dependency is built
    /// by a plan that would only call `init()` on exactly the declared class (a leaf of
    /// an automatic build, with nothing to fill) and no awake. That closure then calls
    /// the same `init()`s, in the same order, where the types are known, and passes
    /// the new objects to the initializer typed by the compiler: nothing is laid out,
    /// cast or awoken that the plans would have laid out, cast or awoken. A main-actor
    /// type's initializer is never built this way.
    static func makesDependenciesByInitializer(_ metadata: InjectableMetadata, _ dependencies: [Dependency]) -> Bool {
        guard metadata.initializer.buildsFromDefaults, !metadata.isMainActor,
            let declared = metadata.initializer.dependencies, declared.entries.count == dependencies.count,
            !dependencies.isEmpty
        else { return false }
        for (dependency, entry) in zip(dependencies, declared.entries) {
            guard case .plan(let unmanaged, _) = dependency.value else { return false }
            guard unmanaged.with({ $0.isDefaultLeaf(of: entry.declaredType.id) }) else {
                return false
            }
        }
        return true
    }

    /// A new instance from ``buildFromDefaults``; a dependency's failure as its plan
    /// reports it, the initializer's as the resolver reports it.
    @inline(never)
    func constructFromDefaults(in context: ResolutionContext, frame: Int) throws(PlanFailure) -> AnyObject {
        // The frame shows which dependency's `init()` runs from the count the closure
        // advances (see ``PlanFrames/Entry/made``).
        context.planFrames.set(frame, requirement: PlanFrames.makingDefaults)
        let counter = context.planFrames.made(frame)
        counter.value = 0
        let object: AnyObject
        do {
            object = try buildFromDefaults(&counter.value)
        } catch {
            let made = counter.value
            guard made < dependencies.count, case .plan(let plan, _) = dependencies[made].value else {
                throw initializerFailure(error)
            }
            throw plan.with { $0.constructionFailure(error) }
                .unwinding(through: metadata, requirement: ResolutionContext.Frame.initializerDependency(made))
        }
        guard ObjectIdentifier(Swift.type(of: object)) == type || metadata.isInstance(object) else {
            throw wrongType(object)
        }
        return object
    }

    /// Deinitializes the first `count` dependencies laid out at `base`.
    @inline(never)
    private func destroyDependencies(_ count: Int, at base: DependencyBuffer) {
        for index in 0..<count {
            let dependency = dependencies[index]
            base.destroy(dependency.layout, at: dependency.offset)
        }
    }

    /// The failure for a dependency built of a class that is not the declared type
    /// (an initializer that built a subclass of something else).
    @inline(never)
    private func wrongDependency(_ built: AnyObject, index: Int) -> PlanFailure {
        PlanFailure(
            .instanceDoesNotConform(
                typeName(Swift.type(of: built)), boundTo: dependencies[index].layout.type.description),
            initializerOf: metadata
        ).unwinding(through: metadata, requirement: ResolutionContext.Frame.initializerDependency(index))
    }

    /// The failure for an error the initializer's closure threw.
    @inline(never)
    private func initializerFailure(_ error: any Error) -> PlanFailure {
        PlanFailure(
            error as? InjectionError ?? .initializerFailed(metadata.name, underlying: error), initializerOf: metadata)
    }

    /// The failure for an initializer that built an object of another type.
    @inline(never)
    private func wrongType(_ object: AnyObject) -> PlanFailure {
        PlanFailure(
            .initializerBuiltWrongType(metadata.name, built: typeName(Swift.type(of: object))),
            initializerOf: metadata)
    }
}

extension Injector {
    /// Appends how the plan of `recipe` gets each of its initializer's dependencies:
    /// another plan, or a value fixed now (a published singleton, a bound instance,
    /// a ``Provider``, an ``ObjectFactory``, `nil`). `nil` when every one is known;
    /// the outcome for the whole plan otherwise.
    func compileDependencies(
        of recipe: Recipe, _ metadata: InjectableMetadata, depth: Int, into dependencies: inout [BuildPlan.Dependency],
        retaining retained: inout [AnyObject]
    ) -> PlanOutcome? {
        guard let declared = metadata.initializer.dependencies else { return nil }
        let owner = recipe.owner
        for (index, entry) in declared.entries.enumerated() {
            let layout = entry.layout
            let offset = declared.offsets[index]
            func fix(_ value: Any?) -> Bool {
                guard let fixed = FixedDependency(value, layout: layout) else { return false }
                dependencies.append(
                    .init(value: .fixed(Kept(fixed)), offset: offset, layout: layout))
                retained.append(fixed)
                return true
            }
            let dependency = entry.dependency
            switch dependency.kind {
            case .objectFactory:
                guard fix(ObjectFactory(injector: owner)) else { return .never }
                continue
            case .provider:
                // A lazy is one per object: a plan cannot make it once for every build.
                guard !dependency.isLazy, fix(dependency.makeProvider(owner, entry.name, true)) else { return .never }
                continue
            case .object:
                break
            }
            guard var target = recipe.links?.recipe(metadata.requirements.count + index) else {
                if dependency.isOptional, !owner.canAnswer(entry.key, type: dependency.target) {
                    guard fix(nil) else { return .never }
                    continue
                }
                return .notYet
            }
            var links: [Recipe] = []
            while case .link(let linked) = target.source {
                links.append(target)
                target = linked
            }
            // Only a main-actor plan, which runs where the main actor is proven, may
            // hold a main-actor object.
            if target.isMainActor, !metadata.isMainActor { return .never }
            let type: Any.Type
            // What the target's storage lets a plan assume: nothing kept (built or
            // fixed here), or a value published for the injector's life (a constant).
            let storage = target.storage
            switch (storage.keepsValues, storage.fixesPublishedObjects, target.source) {
            case (false, _, .build):
                let outcome = compilePlan(target, depth: depth + 1)
                guard case .compiled(let compiled) = outcome else { return outcome }
                // Without a template for this class (the declared type's first object
                // was of another class, or cannot be laid out from one), the value is
                // cast on each build.
                let templates = accelerators.contains(.existentialTemplates)
                let template = templates ? layout.template(for: compiled.type) : nil
                if template == nil, templates, layout.isLearning { return .notYet }
                dependencies.append(
                    .init(
                        value: .plan(Kept(compiled), template.map { Kept($0) }),
                        offset: offset, layout: layout))
                retained.append(compiled)
                if let template { retained.append(template) }
                type = compiled.metadata.type.type
            case (false, _, .instance(let instance)):
                guard fix(instance.value) else { return .never }
                type = Swift.type(of: instance.value)
            case (true, true, _):
                guard let value = storage.singletonValue() ?? storage.sharedValue() else { return .notYet }
                guard fix(value) else { return .never }
                type = Swift.type(of: value)
            default:
                // Closures and providers run on every build; graph and weak objects
                // are shared within a request or while held, which a plan cannot see.
                return .never
            }
            let id = ObjectIdentifier(type)
            guard links.allSatisfy({ $0.hasAccepted(id) }) else { return .notYet }
        }
        return nil
    }
}
