/// Initializer injection in the resolver: the dependencies an initializer or a
/// binding declares are resolved inside the frame of what they build, so chains,
/// the tracer and cycle detection see them as edges of their own.
extension Injector {
    /// Resolves the initializer dependencies of `metadata`, then builds the object.
    ///
    /// `self` is the recipe's owner, whose bindings answer the dependencies; the
    /// object's frame is at `depth`. Dependencies link to their recipes in `links`
    /// after the requirements' slots.
    func construct(
        _ metadata: InjectableMetadata, arguments: [any Sendable], links: AtomicSlots?, at depth: Int,
        in context: ResolutionContext
    ) throws -> AnyObject {
        guard let dependencies = metadata.initializer.dependencies else {
            return try metadata.construct(arguments: arguments)
        }
        // Refused before the dependencies are resolved: once they are laid out, only
        // the closure may consume them.
        try metadata.checkArguments(arguments)
        return try withDeclaredDependencies(
            dependencies, links: links, firstSlot: metadata.requirements.count, at: depth, in: context
        ) { values in
            try metadata.construct(arguments: arguments, dependencies: values)
        }
    }

    /// Resolves `dependencies` in order while the frame at `depth` shows which one is
    /// being resolved, lays them out as their closure reads them, then calls `body`,
    /// which calls that closure.
    func withDeclaredDependencies<Result>(
        _ dependencies: DeclaredDependencies, links: AtomicSlots?, firstSlot: Int, at depth: Int,
        in context: ResolutionContext, _ body: (DependencyBuffer) throws -> Result
    ) throws -> Result {
        try DependencyBuffer.withTemporary(byteCount: dependencies.byteCount, alignment: dependencies.alignment) {
            base in
            let entries = dependencies.entries
            var stored = 0
            defer {
                // Only when resolving one failed: the closure moves every value out.
                for index in 0..<stored { base.destroy(entries[index].layout, at: dependencies.offsets[index]) }
            }
            while stored < entries.count {
                context.frames[depth].requirement = ResolutionContext.Frame.initializerDependency(stored)
                let declared = entries[stored]
                let value = try resolve(declared, links: links, slot: firstSlot + stored, in: context)
                guard base.store(value, as: declared.layout, at: dependencies.offsets[stored]) else {
                    guard let value else {
                        throw InjectionError.nilValue(declared.declaredType.description, forRequirement: true)
                    }
                    throw InjectionError.instanceDoesNotConform(
                        typeName(Swift.type(of: value)), boundTo: declared.declaredType.description)
                }
                stored += 1
            }
            context.frames[depth].requirement = -1
            stored = 0
            return try body(base)
        }
    }

    /// The value of one declared dependency, resolved without arguments.
    private func resolve(
        _ declared: DeclaredDependency, links: AtomicSlots?, slot: Int, in context: ResolutionContext
    ) throws -> Any? {
        let dependency = declared.dependency
        switch dependency.kind {
        case .objectFactory:
            return ObjectFactory(injector: self)
        case .provider:
            return dependency.makeProvider(self, declared.name, true)
        case .object:
            let recipe: Recipe
            if let linked = links?.recipe(slot) {
                recipe = linked
            } else {
                if dependency.isOptional, !canAnswer(declared.key, type: dependency.target) { return nil }
                recipe = try self.recipe(for: declared.key, type: dependency.target)
                links?.link(slot, to: recipe)
            }
            if let metadata = recipe.objectMetadata {
                let object = try produceObject(recipe, metadata: metadata, arguments: [], in: context)
                if accelerators.contains(.existentialTemplates), declared.layout.isLearning {
                    declared.layout.learn(from: object)
                }
                return object
            }
            let value = try produce(recipe, arguments: [], in: context)
            guard let value else {
                if dependency.isOptional { return nil }
                throw InjectionError.nilValue(recipe.typeName, forRequirement: true).bound(at: recipe.binding)
            }
            if accelerators.contains(.existentialTemplates), declared.layout.isLearning,
                let object = AnyUnboxing.object(value)
            {
                declared.layout.learn(from: object)
            }
            return value
        }
    }

    /// Whether this injector has a binding for `key`, or builds its type
    /// automatically: an optional dependency is `nil` otherwise.
    ///
    /// A main-actor type is built automatically wherever it is asked for: off the main
    /// actor, asking for it is ``InjectionError/Kind-swift.struct/mainActorRequired``,
    /// never `nil`, whether or not its declarations were read already.
    func canAnswer(_ key: BindingKey, type: TypeReference) -> Bool {
        guard binding(for: key) == nil else { return true }
        guard key.name == nil else { return false }
        return InjectableMetadata.of(dynamic: type.type) != nil || InjectableMetadata.isUnreadMainActor(type.type)
    }

    /// The links of the binding whose frame `recipe` is, when this injector resolves
    /// for it and `dependencies` are what its binding declares: the recipes its
    /// creation group or an earlier build looked up, in this same injector.
    @inline(__always)
    private func links(of recipe: Recipe?, declaring dependencies: DeclaredDependencies) -> AtomicSlots? {
        guard let recipe, recipe.owner === self, recipe.objectMetadata == nil,
            let declared = recipe.binding?.dependencies, declared.isDeclaration(of: dependencies)
        else { return nil }
        return recipe.links
    }

    /// Runs a closure or provider binding's `body` with the dependencies it declares,
    /// resolved inside the binding's frame (the one on top of the stack).
    func withBindingDependencies<Result>(
        _ dependencies: DeclaredDependencies, _ body: (DependencyBuffer) throws -> Result
    ) throws -> Result {
        try withRequest { context in
            let depth = context.frames.count - 1
            guard depth >= 0 else {
                // Not inside a binding's frame: resolve without marking one.
                context.frames.append(.init(recipe: nil, metadata: nil, lowlink: 0, deferredStart: 0))
                defer { context.frames.removeLast() }
                return try withDeclaredDependencies(
                    dependencies, links: nil, firstSlot: 0, at: 0, in: context, body)
            }
            do {
                return try withDeclaredDependencies(
                    dependencies, links: links(of: context.frames[depth].recipe, declaring: dependencies), firstSlot: 0,
                    at: depth, in: context, body)
            } catch var error as InjectionError {
                // The binding's frame is unwound by its caller without a chain.
                if error.isChainEmpty {
                    error.chain = context.chain()
                    if let location = context.edgeLocation(of: context.frames[depth]) {
                        error.requirementLocation = location.description
                    }
                }
                throw error
            }
        }
    }
}

extension ResolutionContext {
    /// The error for building `recipe` again while its frame at `start` is on the
    /// stack: a cycle through an initializer's (or binding's) declared dependency,
    /// which no scope breaks, or a cycle of requirements.
    func cycleError(closing recipe: Recipe, from start: Int) -> InjectionError {
        var path = Array(chain().suffix(from: start))
        path.append(recipe.typeName)
        let frame = frames[start]
        if let index = Frame.initializerDependency(from: frame.requirement) {
            if let metadata = frame.metadata {
                return .initializerCycle(
                    path: path, type: recipe.typeName, owner: metadata.name,
                    dependency: metadata.initializerDependencies[index], isBinding: false)
            }
            if let dependencies = frame.recipe?.binding?.dependencies {
                return .initializerCycle(
                    path: path, type: recipe.typeName, owner: recipe.typeName, dependency: dependencies.entries[index],
                    isBinding: true)
            }
        }
        return .cycle(path: path, type: recipe.typeName)
    }
}
