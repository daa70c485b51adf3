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
        try withDeclaredDependencies(
            metadata.initializerDependencies, links: links, firstSlot: metadata.requirements.count, at: depth,
            in: context
        ) { values in
            try metadata.construct(arguments: arguments, dependencies: values)
        }
    }

    /// Resolves `dependencies` in order while the frame at `depth` shows which one is
    /// being resolved, then calls `body` with their values.
    func withDeclaredDependencies<Result>(
        _ dependencies: [DeclaredDependency], links: AtomicSlots?, firstSlot: Int, at depth: Int,
        in context: ResolutionContext, _ body: (UnsafeBufferPointer<Any?>) throws -> Result
    ) throws -> Result {
        try withUnsafeTemporaryAllocation(of: Any?.self, capacity: dependencies.count) { buffer in
            var resolved = 0
            defer { if let start = buffer.baseAddress { start.deinitialize(count: resolved) } }
            while resolved < dependencies.count {
                context.frames[depth].requirement = ResolutionContext.Frame.initializerDependency(resolved)
                let value = try resolve(
                    dependencies[resolved], links: links, slot: firstSlot + resolved, in: context)
                buffer.initializeElement(at: resolved, to: value)
                resolved += 1
            }
            context.frames[depth].requirement = -1
            do {
                return try body(UnsafeBufferPointer(buffer))
            } catch let mismatch as DependencyMismatch {
                context.frames[depth].requirement = ResolutionContext.Frame.initializerDependency(mismatch.index)
                throw mismatch.error
            }
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
            return dependency.makeProvider?(self, declared.name)
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
                return try produceObject(recipe, metadata: metadata, arguments: [], in: context)
            }
            let value = try produce(recipe, arguments: [], in: context)
            if value == nil, !dependency.isOptional {
                throw InjectionError.nilValue(recipe.typeName, forRequirement: true).bound(at: recipe.binding)
            }
            return value
        }
    }

    /// Whether this injector has a binding for `key`, or builds its type
    /// automatically: an optional dependency is `nil` otherwise.
    func canAnswer(_ key: BindingKey, type: TypeReference) -> Bool {
        binding(for: key) != nil || (key.name == nil && InjectableMetadata.of(dynamic: type.type) != nil)
    }

    /// Runs a closure or provider binding's `body` with the dependencies it declares,
    /// resolved inside the binding's frame (the one on top of the stack).
    func withBindingDependencies<Result>(
        _ dependencies: DeclaredDependencies, _ body: (UnsafeBufferPointer<Any?>) throws -> Result
    ) throws -> Result {
        try withRequest { context in
            let depth = context.frames.count - 1
            guard depth >= 0 else {
                // Not inside a binding's frame: resolve without marking one.
                context.frames.append(.init(recipe: nil, metadata: nil, lowlink: 0, deferredStart: 0))
                defer { context.frames.removeLast() }
                return try withDeclaredDependencies(
                    dependencies.entries, links: nil, firstSlot: 0, at: 0, in: context, body)
            }
            do {
                return try withDeclaredDependencies(
                    dependencies.entries, links: nil, firstSlot: 0, at: depth, in: context, body)
            } catch var error as InjectionError {
                // The binding's frame is unwound by its caller without a chain.
                if error.chain.isEmpty {
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
