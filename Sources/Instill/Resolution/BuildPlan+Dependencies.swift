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
            case plan(Unmanaged<BuildPlan>, Unmanaged<ObjectTemplate>?)
            /// Fixed when the plan was compiled, and copied.
            case fixed(Unmanaged<FixedDependency>)
        }

        let value: Value
        /// Where the value goes in the buffer.
        let offset: Int
        unowned(unsafe) let layout: DependencyLayout
    }

    /// A new instance from the initializer, given its dependencies (built first, in
    /// order, as the resolver builds them); its failure as the resolver reports it.
    @inline(never)
    func constructWithDependencies() throws(PlanFailure) -> AnyObject {
        var failure: PlanFailure?
        let object = withUnsafeTemporaryAllocation(
            byteCount: dependencyBytes.count, alignment: dependencyBytes.alignment
        ) { buffer -> AnyObject? in
            guard let base = buffer.baseAddress else { return nil }
            var made = 0
            defer {
                // Only when building one failed: the closure moves every value out.
                for index in 0..<made {
                    let dependency = dependencies[index]
                    dependency.layout.destroy(at: base + dependency.offset)
                }
            }
            while made < dependencies.count {
                let dependency = dependencies[made]
                let address = base + dependency.offset
                switch dependency.value {
                case .plan(let plan, let template):
                    let built = plan._withUnsafeGuaranteedRef { plan -> AnyObject? in
                        do throws(PlanFailure) {
                            return try plan.build()
                        } catch {
                            failure = error
                            return nil
                        }
                    }
                    guard let built else {
                        failure = failure?.unwinding(
                            through: metadata, requirement: ResolutionContext.Frame.initializerDependency(made))
                        return nil
                    }
                    if let template,
                        template._withUnsafeGuaranteedRef({ $0.type == ObjectIdentifier(Swift.type(of: built)) })
                    {
                        template._withUnsafeGuaranteedRef { $0.layOut(built, at: address) }
                    } else if !dependency.layout.store(built, at: address) {
                        // An initializer that built a subclass, which is not the declared type.
                        failure = PlanFailure(
                            .instanceDoesNotConform(
                                typeName(Swift.type(of: built)), boundTo: dependency.layout.type.description),
                            initializerOf: metadata
                        ).unwinding(through: metadata, requirement: ResolutionContext.Frame.initializerDependency(made))
                        return nil
                    }
                case .fixed(let fixed):
                    fixed._withUnsafeGuaranteedRef { $0.copy(to: address) }
                }
                made += 1
            }
            made = 0
            let object: AnyObject
            do {
                object = try initialize(base, arguments)
            } catch {
                failure = PlanFailure(
                    error as? InjectionError ?? .initializerFailed(metadata.name, underlying: error),
                    initializerOf: metadata)
                return nil
            }
            guard ObjectIdentifier(Swift.type(of: object)) == type || metadata.isInstance(object) else {
                failure = PlanFailure(
                    .initializerBuiltWrongType(metadata.name, built: typeName(Swift.type(of: object))),
                    initializerOf: metadata)
                return nil
            }
            return object
        }
        guard let object else { throw failure! }
        return object
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
                    .init(value: .fixed(Unmanaged.passUnretained(fixed)), offset: offset, layout: layout))
                retained.append(fixed)
                return true
            }
            let dependency = entry.dependency
            switch dependency.kind {
            case .objectFactory:
                guard fix(ObjectFactory(injector: owner)) else { return .never }
                continue
            case .provider:
                guard fix(dependency.makeProvider?(owner, entry.name)) else { return .never }
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
            switch (target.scope, target.source) {
            case (.normal, .build):
                let outcome = compilePlan(target, depth: depth + 1)
                guard case .compiled(let compiled) = outcome else { return outcome }
                // Without a template for this class (the declared type's first object
                // was of another class, or cannot be laid out from one), the value is
                // cast on each build.
                let template = layout.template(for: compiled.type)
                if template == nil, layout.isLearning { return .notYet }
                dependencies.append(
                    .init(
                        value: .plan(Unmanaged.passUnretained(compiled), template.map { Unmanaged.passUnretained($0) }),
                        offset: offset, layout: layout))
                retained.append(compiled)
                if let template { retained.append(template) }
                type = compiled.metadata.type.type
            case (.normal, .instance(let instance)):
                guard fix(instance.value) else { return .never }
                type = Swift.type(of: instance.value)
            case (.singleton, _):
                guard let value = target.singletonValue() ?? target.sharedValue() else { return .notYet }
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
